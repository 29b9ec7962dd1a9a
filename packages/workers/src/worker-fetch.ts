import { createSessionId } from '@edgemcp/core'
import { DEFAULT_MAX_BODY_BYTES, type RequestAuth } from '@edgemcp/streamable-http'
import { hubStub, sessionStub } from './bindings.js'
import { AUTH_HEADER, encodeAuth, NEW_SESSION_HEADER, withInternalHeaders } from './forward.js'
import { IsolateServer } from './isolate-server.js'
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
  let isolate: IsolateServer<Env> | undefined
  const isolateFor = (env: Env): IsolateServer<Env> => {
    isolate ??= new IsolateServer(env, config)
    return isolate
  }
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
    route ??= { to: 'local' }
    const internal: Record<string, string> = auth === undefined ? {} : { [AUTH_HEADER]: encodeAuth(auth) }
    switch (route.to) {
      case 'session':
        return sessionStub(env, config, route.sessionId).fetch(withInternalHeaders(forwarded, internal))
      case 'new-session': {
        const id = createSessionId()
        return sessionStub(env, config, id).fetch(
          withInternalHeaders(forwarded, { ...internal, [NEW_SESSION_HEADER]: id }),
        )
      }
      case 'hub':
        return hubStub(env, config).fetch(withInternalHeaders(forwarded, internal))
      case 'local':
        // Served here: no internal header means anything here, so the request goes as it came.
        return isolateFor(env).serve(forwarded, ctx, auth)
    }
  }
}
