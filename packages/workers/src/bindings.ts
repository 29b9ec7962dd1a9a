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

/** What a Worker's own objects are: the classes its session and hub bindings name. */
export const WORKER_OBJECTS = 'classes McpSessionObject, McpHubObject'

/**
 * The Durable Object namespaces of `bindings` in `env`; throws naming every one `env` lacks and what to
 * declare (`classes`): one message for the first-request check, the stubs and the task objects.
 */
export function namespaces(env: unknown, bindings: string[], classes: string): DurableObjectNamespace[] {
  const found = bindings.map((b) => (env as Record<string, DurableObjectNamespace | undefined>)?.[b])
  const missing = bindings.filter((_, i) => typeof found[i]?.idFromName !== 'function')
  if (missing[0])
    throw new Error(
      `wrangler.jsonc lacks the Durable Object binding ${missing.join(' and ')} (${classes}, with a migration: see the @edgemcp/workers README)`,
    )
  return found as DurableObjectNamespace[]
}

/** The stub of the Durable Object named `name` of binding `binding`. */
function stub<T>(env: unknown, binding: string, name: string): T & Fetching {
  const [ns] = namespaces(env, [binding], WORKER_OBJECTS) as [DurableObjectNamespace]
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
