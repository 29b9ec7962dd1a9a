import type { RequestScope } from './core.js'
import type { JsonObject } from './types.js'

/** A method's function: its result (era-specific fields are added by dispatch), or a ProtocolError thrown. */
export type Method = (scope: RequestScope) => JsonObject | Promise<JsonObject>

/** A method: its function, the capability that must be registered for it to exist, and what kind it is. */
export interface MethodEntry {
  run: Method
  capability: string | undefined
  /** The result carries `ttlMs`/`cacheScope` in 2026-07-28 (server/utilities/caching). */
  cacheable: boolean
  /** The result depends only on the registry, so it is reused until the registry changes. */
  reusable: boolean
  /** The method may answer `input_required` in 2026-07-28 (basic/patterns/mrtr "Supported Requests"). */
  input: boolean
}

/** The methods one era answers, by name: data a server's features install (see `EngineFeatures`). */
export type MethodTable = Readonly<Record<string, MethodEntry>>

type Kind = Partial<Pick<MethodEntry, 'cacheable' | 'reusable' | 'input'>>

/** Every entry has every field, so the tables' objects share one shape. */
export const defineMethod = (run: Method, capability?: string, kind: Kind = {}): MethodEntry => ({
  run,
  capability,
  cacheable: kind.cacheable === true,
  reusable: kind.reusable === true,
  input: kind.input === true,
})
