import type { McpServer } from '@edgemcp/core'
import { DEFAULT_MAX_BODY_BYTES, type McpFetchHandlerOptions } from '@edgemcp/streamable-http'

/** Where a server instance runs: the stateless Worker, a legacy session's Durable Object, or the hub. */
export type ServerRole = 'worker' | 'session' | 'hub'

/** What `createMcpWorker` hands the server factory besides `env`. */
export interface ServerFactoryContext {
  /** `env[mrtrSecretVar]`: pass it as `mrtrSecret` so every isolate verifies every other's MRTR state. */
  mrtrSecret: string | undefined
  role: ServerRole
  /**
   * Closes the SSE connection of a legacy request in flight without ending its stream; the client resumes
   * with `Last-Event-ID` (2025-11-25 polling). Works where legacy sessions are served (role `session`);
   * false elsewhere or when the request cannot resume. Call it from a handler with `ctx.sessionId` and
   * `ctx.requestId`.
   */
  closeSseStream: (sessionId: string, requestId: string | number) => boolean
}

/**
 * Options of the Streamable HTTP (and legacy SSE) handler that make sense on Workers. `authenticate` gets an
 * `McpRequestContext` (`c.req.raw`, `c.req.header(name)`, `c.env`, `c.executionCtx`): the Worker serves
 * requests without Hono. (Auth established by Hono middleware in front of the Worker goes in as
 * `McpWorker.fetch`'s `auth`.)
 */
export type WorkerHandlerOptions = Pick<
  McpFetchHandlerOptions,
  | 'jsonResponse'
  | 'acceptJsonOnly'
  | 'maxBodyBytes'
  | 'allowedOrigins'
  | 'allowedHosts'
  | 'keepAliveMs'
  | 'retryMs'
  | 'sseConnectionLifetimeMs'
  | 'authenticate'
  | 'maxBufferedBytes'
  | 'maxBufferedBytesPerClient'
  | 'maxStreamsPerClient'
  | 'clientAddress'
>

export interface McpWorkerOptions<Env> {
  /**
   * Builds the server. Called once per isolate and once per Durable Object instance; register the same
   * tools, resources and prompts every time.
   */
  server: (env: Env, context: ServerFactoryContext) => McpServer
  /** The MCP endpoint. Default `/mcp`. */
  path?: string
  /** Durable Object binding of `McpSessionObject`. Default `MCP_SESSION`. */
  sessionBinding?: string
  /** Durable Object binding of `McpHubObject`. Default `MCP_HUB`. */
  hubBinding?: string
  /** Name of the hub instance (one hub holds every listener). Default `global`. */
  hubName?: string
  /** The `env` variable (a secret) with the MRTR signing key. Default `MCP_MRTR_SECRET`. */
  mrtrSecretVar?: string
  /** Serve the legacy HTTP+SSE transport (2024-11-05) on the same path too. Default true. */
  legacySse?: boolean
  /** A legacy session unused this long is deleted from its Durable Object. Default 24 hours. */
  sessionTtlMs?: number
  /** Events kept per stream for `Last-Event-ID` resumption. Default 1000. */
  maxEventsPerStream?: number
  /** Transport options, applied in the Worker and in the Durable Objects alike. */
  handler?: WorkerHandlerOptions
  /** Answers requests outside `path` (default: 404). */
  fetch?: (request: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>
}

/** Where tasks live (`durableTaskStore`: binding, shards) and the budgets of each object (`createMcpTaskObject`). */
export interface WorkerTaskOptions {
  /** Durable Object binding of `McpTaskObject`. Default `MCP_TASKS`. */
  binding?: string | undefined
  /** Task objects the tasks are spread over (by task id). Default 1. Changing it strands existing tasks. */
  shards?: number | undefined
  /** Unexpired tasks one object holds at most. Default 10 000. */
  maxTasks?: number | undefined
  /**
   * Unexpired tasks one principal holds at most in one object; without a principal, one client (by address:
   * `handler.clientAddress`, default the `CF-Connecting-IP` header). Default 100.
   */
  maxTasksPerPrincipal?: number | undefined
  /** Bytes of the unexpired task records one principal (or client) holds at most in one object. Default 16 MiB. */
  maxBytesPerPrincipal?: number | undefined
}

export interface ResolvedWorkerOptions<Env> {
  server: McpWorkerOptions<Env>['server']
  path: string
  sessionBinding: string
  hubBinding: string
  hubName: string
  mrtrSecretVar: string
  legacySse: boolean
  sessionTtlMs: number
  maxEventsPerStream: number
  handler: WorkerHandlerOptions
  /** `handler.maxBodyBytes` or the transport's default: the limit the Worker and the session objects apply. */
  maxBodyBytes: number
  fetch?: McpWorkerOptions<Env>['fetch']
}

const normalizePath = (path: string): string => {
  const withSlash = path.startsWith('/') ? path : `/${path}`
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash
}

/** The options with defaults filled in (also what `notifyListChanged` and co. use to reach the hub). */
export function resolveWorkerOptions<Env>(o: McpWorkerOptions<Env>): ResolvedWorkerOptions<Env> {
  return {
    ...o,
    path: normalizePath(o.path ?? '/mcp'),
    sessionBinding: o.sessionBinding ?? 'MCP_SESSION',
    hubBinding: o.hubBinding ?? 'MCP_HUB',
    hubName: o.hubName ?? 'global',
    mrtrSecretVar: o.mrtrSecretVar ?? 'MCP_MRTR_SECRET',
    legacySse: o.legacySse ?? true,
    sessionTtlMs: o.sessionTtlMs ?? 24 * 60 * 60_000,
    maxEventsPerStream: Math.max(1, o.maxEventsPerStream ?? 1000),
    handler: o.handler ?? {},
    maxBodyBytes: o.handler?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
  }
}
