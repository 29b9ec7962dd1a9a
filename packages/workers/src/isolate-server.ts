import { RequestsById } from '@edgemcp/core/internal'
import type { RequestAuth } from '@edgemcp/streamable-http'
import { toHub } from './bindings.js'
import { createRoleApp } from './mcp-app.js'
import type { ResolvedWorkerOptions } from './options.js'
import type { ServerEvent } from './server-events.js'

/** Serves a request in this isolate; `auth` is the caller as given to the Worker. */
export type IsolateServe = (request: Request, ctx: ExecutionContext, auth?: RequestAuth) => Promise<Response>

/**
 * The server of one Worker isolate, serving 2026-07-28 requests statelessly (and the errors that need no
 * state). What its tools raise (`server.notifyResourceUpdated(uri)` …) is published to the hub.
 */
export function createIsolateServe<Env>(env: Env, config: ResolvedWorkerOptions<Env>): IsolateServe {
  /**
   * Invocations alive here (requests in flight, SSE streams still open), a hold each, newest first: a hub
   * publication is kept alive by the newest. A list of holds, not a Map counting them per context, which every
   * request added to and deleted from (see `RequestsById`; not yet measured in workerd).
   */
  const live = new RequestsById<ExecutionContext, ExecutionContext>()
  /** The auth given with a request being served (never read from its headers: clients could forge them). */
  const auths = new WeakMap<Request, RequestAuth>()

  const publish = (event: ServerEvent): void => {
    const sending = toHub(env, config, (hub) => hub.publish(event), 'publish to')
    live.newest()?.waitUntil(sending)
  }
  const app = createRoleApp({
    config,
    env,
    role: 'worker',
    publish,
    options: () => ({
      // (Legacy sessions and their SSE streams are opened in session objects, never here.)
      forwardedAuth: (c) => auths.get(c.req.raw),
      hooks: {
        // Each SSE stream keeps its invocation alive (keep-alive timer, the handler feeding it) until it ends.
        waitUntil: (c, promise) => {
          const ctx = c.executionCtx as ExecutionContext
          ctx.waitUntil(promise)
          const hold = live.add(ctx, ctx)
          void promise.finally(() => live.remove(hold))
        },
      },
    }),
  }).fetch

  return async (request, ctx, auth) => {
    if (auth !== undefined) auths.set(request, auth)
    const hold = live.add(ctx, ctx)
    try {
      return await app(request, env, ctx)
    } finally {
      live.remove(hold)
    }
  }
}
