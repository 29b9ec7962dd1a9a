import { createSessionId } from '@edgemcp/core'
import { DEFAULT_MAX_BODY_BYTES, type RequestAuth } from '@edgemcp/streamable-http'
import { hubStub, sessionStub } from './bindings.js'
import { withInternalHeaders } from './forward.js'
import { createIsolateServe, type IsolateServe } from './isolate-server.js'
import type { ResolvedWorkerOptions } from './options.js'
import { bufferBody, parseJsonBytes } from './peek-body.js'
import { routeByBody, routeByHeaders } from './route.js'

/**
 * The Worker's `fetch`: requests to the MCP path are served here (stateless), in a session's Durable
 * Object, or in the hub (see `Route`); other paths go to `config.fetch`. `auth`, when given, is the caller
 * as established in front of the Worker: it is used wherever the request is served, instead of
 * `handler.authenticate` (to a Durable Object it goes in an internal header, which clients cannot forge).
 */
export function createWorkerFetch<Env>(config: ResolvedWorkerOptions<Env>) {
  // One server per isolate (env is the same for every request of an isolate).
  let isolate: IsolateServe | undefined
  const maxBody = config.handler.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES

  return async function fetch(
    request: Request,
    env: Env,
    ctx: ExecutionContext,
    auth?: RequestAuth,
  ): Promise<Response> {
    const path = new URL(request.url).pathname
    if (path !== config.path && path !== `${config.path}/`)
      return config.fetch ? config.fetch(request, env, ctx) : new Response('Not Found', { status: 404 })
    let forwarded = request
    let route = routeByHeaders(request, config.legacySse)
    if (request.method === 'POST' && route?.to !== 'local') {
      const body = await bufferBody(request, maxBody)
      if ('tooLarge' in body) {
        forwarded = body.tooLarge
        route = { to: 'local' }
      } else {
        forwarded = new Request(request, { body: body.bytes })
        route ??= routeByBody(request.headers, parseJsonBytes(body.bytes))
      }
    }
    // Served here: no internal header means anything here, so the request goes as it came.
    if (!route || route.to === 'local') {
      isolate ??= createIsolateServe(env, config)
      return isolate(forwarded, ctx, auth)
    }
    if (route.to === 'hub') return hubStub(env, config).fetch(withInternalHeaders(forwarded, auth))
    const id = route.to === 'session' ? route.sessionId : createSessionId()
    return sessionStub(env, config, id).fetch(
      withInternalHeaders(forwarded, auth, route.to === 'new-session' ? id : undefined),
    )
  }
}
