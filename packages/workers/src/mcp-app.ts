import type { McpServer, ServerSession } from '@edgemcp/core'
import { autoServe, autoSseEndpoint } from '@edgemcp/sse/internal'
import {
  type EventStore,
  isLoopbackHost,
  type McpEndpointControls,
  type McpFetch,
  type McpFetchHandlerOptions,
  type McpRequestContext,
  type RequestAuth,
  type SessionStore,
} from '@edgemcp/streamable-http'
import { createMcpEndpoint, fetchHandler } from '@edgemcp/streamable-http/internal'
import { stringVar } from './bindings.js'
import { AUTH_HEADER, decodeAuth } from './forward.js'
import type { ResolvedWorkerOptions, ServerRole } from './options.js'
import { type DeliverEvent, relayEvents, type ServerEvent } from './server-events.js'

let warnedNoSecret = false

/** What a role brings to its MCP endpoint; stores default to none (`NO_SESSIONS`, no event store). */
export interface McpAppOptions {
  sessionStore?: SessionStore
  eventStore?: EventStore
  /** Where legacy HTTP+SSE sessions live while their stream is open (with `legacySse`). */
  sseSessionStore?: SessionStore
  /** What the host does around the transport (both transports get the same). */
  hooks?: Pick<McpFetchHandlerOptions, 'sessionId' | 'onSessionChange' | 'waitUntil'>
  /**
   * The caller the Worker was given for this request (`McpWorker.fetch`'s `auth`), if it was given one; it
   * takes the place of `handler.authenticate`, which runs otherwise. Default: what the Worker forwarded in
   * `AUTH_HEADER` (Durable Objects).
   */
  forwardedAuth?: (c: McpRequestContext) => RequestAuth | undefined
}

/** A role's server, the relay of its events to `publish`, and its MCP endpoint. */
export interface RoleApp {
  server: McpServer
  /** Delivers an event from elsewhere to the server's listeners. */
  deliver: DeliverEvent
  fetch: McpFetch
}

/**
 * The server of a role (built by `config.server`), the relay of what it raises to `publish`, and its MCP
 * endpoint as a fetch handler for requests to the MCP path (the Worker routes): Streamable HTTP of both eras,
 * plus the legacy HTTP+SSE transport on the same path (auto mode) with `legacySse`, except in the hub. The
 * same handler runs in the Worker and in the Durable Objects, so a bad request gets the same answer wherever
 * it lands, and the same answer as on Node. `options` are given the server (a session store needs it).
 */
export interface RoleAppInit<Env> {
  config: ResolvedWorkerOptions<Env>
  env: Env
  role: ServerRole
  /** Where the server's events (list changes, resource updates) go; default nowhere (the hub only delivers). */
  publish?: (event: ServerEvent) => void
  /** The app's options, made once the server exists (a session store needs it). Default none. */
  options?: (server: McpServer) => McpAppOptions
}

export function createRoleApp<Env>(init: RoleAppInit<Env>): RoleApp {
  const { config, env, role, publish = () => {} } = init
  const options = init.options ?? ((): McpAppOptions => ({}))
  let streamable: McpEndpointControls | undefined
  const mrtrSecret = stringVar(env, config.mrtrSecretVar)
  if (mrtrSecret === undefined && role === 'worker' && !warnedNoSecret) {
    warnedNoSecret = true
    console.warn(
      `edgemcp: ${config.mrtrSecretVar} is not set; each isolate signs MRTR state with its own random key, ` +
        'so a multi-round request that lands on another isolate fails. Set it with `wrangler secret put`.',
    )
  }
  const server = config.server(env, {
    mrtrSecret,
    role,
    // Only session objects hold legacy requests whose SSE connection can be closed for polling.
    closeSseStream: (sessionId, requestId) =>
      role === 'session' && (streamable?.closeSseStream(sessionId, requestId) ?? false),
  })
  const deliver = relayEvents(server, publish)
  const o = options(server)
  const forwardedAuth = o.forwardedAuth ?? ((c) => decodeAuth(c.req.header(AUTH_HEADER)))
  const authenticate = config.handler.authenticate
  const transport: McpFetchHandlerOptions = {
    ...config.handler,
    allowedHosts: config.handler.allowedHosts ?? defaultAllowedHosts(env),
    // Cloudflare sets it on every request (clients cannot), and forwarded requests keep it.
    clientAddress: config.handler.clientAddress ?? ((c) => c.req.header('cf-connecting-ip')),
    authenticate: (c) => forwardedAuth(c) ?? authenticate?.(c),
    ...o.hooks,
  }
  // The building blocks, with the stores given: no in-memory default stores in the Worker bundle.
  // No fleet seams either: these stores are Durable Objects' (or none), never shared by other instances.
  streamable = createMcpEndpoint(server, transport, {
    sessions: o.sessionStore ?? NO_SESSIONS,
    eventStore: o.eventStore ?? null,
  })
  const sse = { sessions: o.sseSessionStore ?? NO_SESSIONS }
  return {
    server,
    deliver,
    fetch: fetchHandler(
      role !== 'hub' && config.legacySse
        ? autoServe(autoSseEndpoint(server, transport, () => sse).endpoint, streamable)
        : streamable.serve,
    ),
  }
}

/** The variable listing the host names a Worker answers besides loopback and `*.workers.dev`. */
export const ALLOWED_HOSTS_VAR = 'MCP_ALLOWED_HOSTS'

/**
 * The default Host allowlist (DNS-rebinding protection, as Node's `serve()` has): loopback names (wrangler
 * dev), `*.workers.dev`, and the names in `env.MCP_ALLOWED_HOSTS` (comma- or space-separated: the hosts of
 * the Worker's routes and custom domains, which a Worker cannot read at run time). Names match with any port.
 */
export function defaultAllowedHosts(env: unknown): (host: string) => boolean {
  const listed = new Set(
    (stringVar(env, ALLOWED_HOSTS_VAR) ?? '')
      .split(/[\s,]+/)
      .map((h) => h.trim().toLowerCase())
      .filter((h) => h !== ''),
  )
  const allows = (host: string): boolean => {
    if (isLoopbackHost(host)) return true
    const name = host.toLowerCase().replace(/:\d+$/, '')
    return name.endsWith('.workers.dev') || listed.has(name) || listed.has(host.toLowerCase())
  }
  // The last verdict is kept: an isolate's requests name one host, and `isLoopbackHost` parses a URL (a
  // measurable share of the Worker's CPU per request). One entry: hosts sent by clients cannot grow it.
  let lastHost: string | undefined
  let lastAllowed = false
  return (host) => {
    if (host !== lastHost) {
      lastAllowed = allows(host)
      lastHost = host
    }
    return lastAllowed
  }
}

/**
 * For the stateless Worker and the hub: keeps no session. Legacy sessions are created in their Durable
 * Object; one that would somehow be created here is closed at once rather than kept where no later request
 * finds it.
 */
export const NO_SESSIONS: SessionStore = {
  get: async () => undefined,
  set: async (session) => session.close('Sessions live in Durable Objects'),
  delete: async () => {},
}

/**
 * Legacy HTTP+SSE sessions of a session object: one at most, alive while its stream is open (the stream's
 * session TTL closes an idle one, which then leaves the store).
 */
export class MapSessionStore implements SessionStore {
  readonly #sessions = new Map<string, ServerSession>()
  /** `onDelete` runs when a session leaves (its stream ended). */
  constructor(private readonly onDelete?: (id: string) => void) {}
  async get(id: string): Promise<ServerSession | undefined> {
    return this.#sessions.get(id)
  }
  async set(session: ServerSession): Promise<void> {
    this.#sessions.set(session.id, session)
  }
  async delete(id: string): Promise<void> {
    if (this.#sessions.delete(id)) this.onDelete?.(id)
  }
}
