import { parseJson } from '@edgemcp/core'
import type { RequestAuth } from '@edgemcp/streamable-http'
import { peekBody } from '@edgemcp/streamable-http/internal'
import { type BindingNames, hubStub, sessionStub, stringVar } from './bindings.js'
import { withInternalHeaders } from './forward.js'
import { createIsolateServe, type IsolateServe } from './isolate-server.js'
import type { ResolvedWorkerOptions } from './options.js'
import { LOCAL, pathOf, routeByBody, routeByHeaders } from './route.js'
import { SessionIds } from './session-ids.js'

/**
 * The Worker's `fetch`: requests to the MCP path are served here (stateless), in a session's Durable
 * Object, or in the hub (see `Route`); other paths go to `config.fetch`. `auth`, when given, is the caller
 * as established in front of the Worker: it is used wherever the request is served, instead of
 * `handler.authenticate` (to a Durable Object it goes in an internal header, which clients cannot forge).
 */
export function createWorkerFetch<Env>(config: ResolvedWorkerOptions<Env>) {
  // One server per isolate (env is the same for every request of an isolate).
  let isolate: IsolateServe | undefined
  let ids: SessionIds | undefined
  /**
   * Why this isolate cannot serve MCP, found at its first MCP request whatever the revision (a missing
   * Durable Object binding, a server factory that throws): every MCP request gets the same refusal.
   */
  let broken: string | undefined

  return async function fetch(
    request: Request,
    env: Env,
    ctx: ExecutionContext,
    auth?: RequestAuth,
  ): Promise<Response> {
    const path = pathOf(request.url)
    if (path !== config.path && path !== `${config.path}/`)
      return config.fetch ? config.fetch(request, env, ctx) : new Response('Not Found', { status: 404 })
    if (isolate === undefined && broken === undefined) {
      broken = missingBindings(env, config)
      if (broken === undefined)
        try {
          isolate = createIsolateServe(env, config)
        } catch (e) {
          broken = `createMcpWorker: the server factory threw: ${e instanceof Error ? e.message : String(e)}`
        }
      if (broken !== undefined) console.error(`edgemcp: ${broken}`)
    }
    if (broken !== undefined)
      return Response.json(
        { jsonrpc: '2.0', id: null, error: { code: -32603, message: broken } },
        { status: 500 },
      )
    let route = routeByHeaders(request, config.legacySse)
    /** The body of a POST the Worker read to route it, forwarded in place of the request's own. */
    let body: string | undefined
    if (route === undefined) {
      // A POST without session: its JSON says where it goes. Read once: a request served here finds its
      // body, or its refusal, kept for the transport. (A session's request goes on as it came, unread: its
      // object's transport reads it, or refuses it in its own order of checks, as on Node.)
      const read = await peekBody(request, config.maxBodyBytes)
      if (read.ok) {
        body = read.text
        const parsed = parseJson(body)
        route = routeByBody(request.headers, parsed.ok && parsed.value)
      } else route = LOCAL
    }
    ids ??= new SessionIds(stringVar(env, config.mrtrSecretVar))
    // An id this Worker never minted reaches no Durable Object: answered here (404), nothing stored.
    if (route?.to === 'session' && !(await ids.verify(route.sessionId))) route = LOCAL
    // Served here: no internal header means anything here, so the request goes as it came.
    if (!route || route.to === 'local') {
      isolate ??= createIsolateServe(env, config)
      return isolate(request, ctx, auth)
    }
    if (route.to === 'hub') return hubStub(env, config).fetch(withInternalHeaders(request, auth, body))
    const id = route.to === 'session' ? route.sessionId : await ids.mint()
    return sessionStub(env, config, id).fetch(
      withInternalHeaders(request, auth, body, route.to === 'new-session' ? id : undefined),
    )
  }
}

/**
 * What is wrong with `env`'s Durable Object bindings, if anything. Without them only 2026-07-28 requests would
 * work and every legacy client would get 500, and tsc, `wrangler types` and `--dry-run` do not notice.
 */
function missingBindings(env: unknown, config: BindingNames): string | undefined {
  const missing = [config.sessionBinding, config.hubBinding].filter(
    (name) =>
      typeof (env as Record<string, { idFromName?: unknown }> | undefined)?.[name]?.idFromName !== 'function',
  )
  if (missing.length === 0) return undefined
  const [what, verb, it] = missing.length > 1 ? ['bindings', 'are', 'them'] : ['binding', 'is', 'it']
  return (
    `createMcpWorker: Durable Object ${what} ${missing.join(' and ')} ${verb} missing: declare ${it} in ` +
    'wrangler.jsonc (durable_objects.bindings for the classes McpSessionObject and McpHubObject, with a ' +
    'migration; see the @edgemcp/workers README)'
  )
}
