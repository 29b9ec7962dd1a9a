import type { ResolvedWorkerOptions } from './options.js'
import type { ServerEvent } from './server-events.js'

/** What the hub Durable Object answers over RPC. */
export interface HubRpc {
  publish(event: ServerEvent, origin?: string): Promise<void>
  register(sessionId: string, uris: string[]): Promise<void>
  unregister(sessionId: string): Promise<void>
}

/** What a session Durable Object answers over RPC. */
export interface SessionRpc {
  /** Delivers an event to the session; false when it has no standalone stream to deliver on. */
  deliver(sessionId: string, event: ServerEvent): Promise<boolean>
}

type Fetching = { fetch(request: Request): Promise<Response> }

export type BindingNames = Pick<ResolvedWorkerOptions<unknown>, 'sessionBinding' | 'hubBinding' | 'hubName'>

/** The stub of the Durable Object named `name` of binding `binding`. */
function stub<T>(env: unknown, binding: string, name: string): T & Fetching {
  const ns = (env as Record<string, unknown> | undefined)?.[binding] as DurableObjectNamespace | undefined
  if (!ns || typeof ns.idFromName !== 'function')
    throw new Error(
      `Durable Object binding ${binding} is missing: declare it in wrangler.jsonc (see the @edgemcp/workers README)`,
    )
  return ns.get(ns.idFromName(name)) as unknown as T & Fetching
}

export const hubStub = (env: unknown, names: Pick<BindingNames, 'hubBinding' | 'hubName'>) =>
  stub<HubRpc>(env, names.hubBinding, names.hubName)

export const sessionStub = (env: unknown, names: Pick<BindingNames, 'sessionBinding'>, sessionId: string) =>
  stub<SessionRpc>(env, names.sessionBinding, sessionId)

/**
 * Tells the hub something (`call`); the promise never rejects: a failure runs `failed` and is logged with
 * `what` the hub was to be told, when there is one.
 */
export const toHub = (
  env: unknown,
  names: Pick<BindingNames, 'hubBinding' | 'hubName'>,
  call: (hub: HubRpc) => Promise<void>,
  what?: string,
  failed?: () => void,
): Promise<void> =>
  call(hubStub(env, names)).catch((e: unknown) => {
    failed?.()
    if (what) console.error(`edgemcp: could not ${what} the hub`, e)
  })

/** `env[name]` when it is a non-empty string. */
export function stringVar(env: unknown, name: string): string | undefined {
  const v = (env as Record<string, unknown> | undefined)?.[name]
  return typeof v === 'string' && v !== '' ? v : undefined
}
