import type { RequestAuth } from '@edgemcp/streamable-http'
import { createHubObjectClass, type McpHubObjectClass } from './hub-object.js'
import { type McpWorkerOptions, resolveWorkerOptions } from './options.js'
import { createSessionObjectClass, type McpSessionObjectClass } from './session-object.js'
import { createWorkerFetch } from './worker-fetch.js'

export interface McpWorker<Env> {
  /**
   * The Worker's fetch handler: `export default { fetch: worker.fetch }`. Behind middleware that has already
   * authenticated the caller (e.g. `bearerAuth` of `@edgemcp/auth` in a Hono app), pass what it established as
   * `auth` (it must be JSON): it binds legacy sessions to `auth.principal` and reaches tool handlers as
   * `ctx.authInfo`, in the Worker and in the Durable Objects alike, instead of `handler.authenticate`.
   */
  fetch: (request: Request, env: Env, ctx: ExecutionContext, auth?: RequestAuth) => Promise<Response>
  /** Export under this name; bind it as `MCP_SESSION` (or `sessionBinding`). */
  McpSessionObject: McpSessionObjectClass<Env>
  /** Export under this name; bind it as `MCP_HUB` (or `hubBinding`). */
  McpHubObject: McpHubObjectClass<Env>
}

/**
 * An MCP server on Cloudflare Workers for clients of every era: 2026-07-28 requests are served statelessly
 * in the Worker; legacy sessions (Streamable HTTP and HTTP+SSE) live in a SQLite-backed Durable Object each;
 * `subscriptions/listen` streams and notifications across isolates go through a hub Durable Object.
 *
 * @example
 * const worker = createMcpWorker<Env>({
 *   server: (env, { mrtrSecret }) => createServer(env, mrtrSecret),
 * })
 * export const { McpSessionObject, McpHubObject } = worker
 * export default { fetch: worker.fetch } satisfies ExportedHandler<Env>
 */
export function createMcpWorker<Env>(options: McpWorkerOptions<Env>): McpWorker<Env> {
  const config = resolveWorkerOptions(options)
  return {
    fetch: createWorkerFetch(config),
    McpSessionObject: createSessionObjectClass(config),
    McpHubObject: createHubObjectClass(config),
  }
}
