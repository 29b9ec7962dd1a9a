import { createSessionId } from '@edgemcp/core'
import { DEFAULT_MAX_BODY_BYTES } from '@edgemcp/streamable-http'
import { hubStub, sessionStub } from './bindings.js'
import { NEW_SESSION_HEADER, withInternalHeaders } from './forward.js'
import { IsolateServer } from './isolate-server.js'
import type { ResolvedWorkerOptions } from './options.js'
import { peekJsonBody } from './peek-body.js'
import { type Route, routeByBody, routeByHeaders } from './route.js'

/**
 * The Worker's `fetch`: requests to the MCP path are served here (stateless), in a session's Durable
 * Object, or in the hub (see `Route`); other paths go to `config.fetch`.
 */
export function createWorkerFetch<Env>(config: ResolvedWorkerOptions<Env>) {
  // One server per isolate (per env object, which is the same for every request of an isolate).
  const isolates = new WeakMap<object, IsolateServer<Env>>()
  const isolateFor = (env: Env): IsolateServer<Env> => {
    const key = env as object
    let isolate = isolates.get(key)
    if (!isolate) {
      isolate = new IsolateServer(env, config)
      isolates.set(key, isolate)
    }
    return isolate
  }
  const maxBody = config.handler.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES

  return async function fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const path = new URL(request.url).pathname
    if (path !== config.path && path !== `${config.path}/`)
      return config.fetch ? config.fetch(request, env, ctx) : new Response('Not Found', { status: 404 })
    const route: Route =
      routeByHeaders(request, config.legacySse) ??
      routeByBody(request.headers, await peekJsonBody(request, maxBody))
    switch (route.to) {
      case 'session':
        return sessionStub(env, config, route.sessionId).fetch(withInternalHeaders(request))
      case 'new-session': {
        const id = createSessionId()
        return sessionStub(env, config, id).fetch(withInternalHeaders(request, { [NEW_SESSION_HEADER]: id }))
      }
      case 'hub':
        return hubStub(env, config).fetch(withInternalHeaders(request))
      case 'local':
        return isolateFor(env).serve(withInternalHeaders(request), ctx)
    }
  }
}
