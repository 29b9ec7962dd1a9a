import type { RequestAuth } from '@edgemcp/streamable-http'
import { errorResponse, peekBody, transportError } from '@edgemcp/streamable-http/internal'
import { hubStub, namespaces, sessionStub, stringVar, WORKER_OBJECTS } from './bindings.js'
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

  return async function fetch(
    request: Request,
    env: Env,
    ctx: ExecutionContext,
    auth?: RequestAuth,
  ): Promise<Response> {
    const path = pathOf(request.url)
    if (path !== config.path && path !== `${config.path}/`)
      return config.fetch ? config.fetch(request, env, ctx) : new Response('Not Found', { status: 404 })
    // Built at the first MCP request of the isolate, whatever its revision or route: a factory that throws (a
    // duplicate tool name) fails every first request alike, and so do missing bindings (checked first: without
    // them only 2026-07-28 clients would be served, and tsc, `wrangler types` and `--dry-run` do not notice).
    if (!isolate) {
      let step = ''
      try {
        namespaces(env, [config.sessionBinding, config.hubBinding], WORKER_OBJECTS)
        step = 'the server factory threw: '
        isolate = createIsolateServe(env, config)
      } catch (e) {
        const refusal = `createMcpWorker: ${step}${(e as Error)?.message ?? e}`
        console.error(refusal)
        return errorResponse(transportError(500, refusal, -32603))
      }
    }
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
        route = routeByBody(request.headers, read.parsed?.ok === true && read.parsed.value)
      } else route = LOCAL
    }
    ids ??= new SessionIds(stringVar(env, config.mrtrSecretVar))
    // An id this Worker never minted reaches no Durable Object: answered here (404), nothing stored.
    if (route?.to === 'session' && !(await ids.verify(route.sessionId))) route = LOCAL
    // Served here: no internal header means anything here, so the request goes as it came.
    if (!route || route.to === 'local') {
      return (isolate as IsolateServe)(request, ctx, auth)
    }
    if (route.to === 'hub') return hubStub(env, config).fetch(withInternalHeaders(request, auth, body))
    const id = route.to === 'session' ? route.sessionId : await ids.mint()
    return sessionStub(env, config, id).fetch(
      withInternalHeaders(request, auth, body, route.to === 'new-session' ? id : undefined),
    )
  }
}
