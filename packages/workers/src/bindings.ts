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

export type Fetching = { fetch(request: Request): Promise<Response> }

export type BindingNames = Pick<ResolvedWorkerOptions<unknown>, 'sessionBinding' | 'hubBinding' | 'hubName'>

function namespace(env: unknown, name: string): DurableObjectNamespace {
  const ns = (env as Record<string, unknown> | undefined)?.[name] as DurableObjectNamespace | undefined
  if (!ns || typeof ns.idFromName !== 'function')
    throw new Error(
      `Durable Object binding ${name} is missing: declare it in wrangler.jsonc (see the @edgemcp/workers README)`,
    )
  return ns
}

export function hubStub(
  env: unknown,
  names: Pick<BindingNames, 'hubBinding' | 'hubName'>,
): HubRpc & Fetching {
  const ns = namespace(env, names.hubBinding)
  return ns.get(ns.idFromName(names.hubName)) as unknown as HubRpc & Fetching
}

export function sessionStub(
  env: unknown,
  names: Pick<BindingNames, 'sessionBinding'>,
  sessionId: string,
): SessionRpc & Fetching {
  const ns = namespace(env, names.sessionBinding)
  return ns.get(ns.idFromName(sessionId)) as unknown as SessionRpc & Fetching
}

/** `env[name]` when it is a non-empty string. */
export function stringVar(env: unknown, name: string): string | undefined {
  const v = (env as Record<string, unknown> | undefined)?.[name]
  return typeof v === 'string' && v !== '' ? v : undefined
}
