import type { McpServer } from '@edgemcp/core'
import type { McpFetch, RequestAuth } from '@edgemcp/streamable-http'
import { hubStub, stringVar } from './bindings.js'
import { createMcpApp, NoSessionStore } from './mcp-app.js'
import type { ResolvedWorkerOptions } from './options.js'
import { EventRelay, type ServerEvent } from './server-events.js'

let warnedNoSecret = false

/**
 * The server of one Worker isolate, serving 2026-07-28 requests statelessly (and the errors that need no
 * state). What its tools raise (`server.notifyResourceUpdated(uri)` …) is published to the hub.
 */
export class IsolateServer<Env> {
  readonly server: McpServer
  readonly #app: McpFetch
  /**
   * Invocations alive here (requests in flight, SSE streams still open, by count of each): the hub
   * publication of an event is kept alive by one of them.
   */
  readonly #contexts = new Map<ExecutionContext, number>()
  /** The auth given with a request being served (never read from its headers: clients could forge them). */
  readonly #auths = new WeakMap<Request, RequestAuth>()

  readonly #env: Env
  readonly #config: ResolvedWorkerOptions<Env>

  constructor(env: Env, config: ResolvedWorkerOptions<Env>) {
    this.#env = env
    this.#config = config
    const stateSecret = stringVar(env, config.stateSecretVar)
    if (stateSecret === undefined && !warnedNoSecret) {
      warnedNoSecret = true
      console.warn(
        `edgemcp: ${config.stateSecretVar} is not set; each isolate signs MRTR state with its own random key, ` +
          'so a multi-round request that lands on another isolate fails. Set it with `wrangler secret put`.',
      )
    }
    this.server = config.server(env, { stateSecret, role: 'worker', closeSseStream: () => false })
    new EventRelay(this.server, (event) => this.#publish(event))
    this.#app = createMcpApp(this.server, {
      legacySse: config.legacySse,
      handler: config.handler,
      sessionStore: new NoSessionStore(),
      // Legacy SSE streams are opened in session objects, never here.
      sseSessionStore: new NoSessionStore(),
      eventStore: null,
      forwardedAuth: (c) => this.#auths.get(c.req.raw),
      hooks: {
        // Each SSE stream keeps its invocation alive (keep-alive timer, the handler feeding it) until it ends.
        waitUntil: (c, promise) => {
          const ctx = c.executionCtx as ExecutionContext
          ctx.waitUntil(promise)
          this.#enter(ctx)
          void promise.finally(() => this.#leave(ctx))
        },
      },
    }).fetch
  }

  async serve(request: Request, ctx: ExecutionContext, auth?: RequestAuth): Promise<Response> {
    if (auth !== undefined) this.#auths.set(request, auth)
    this.#enter(ctx)
    try {
      return await this.#app(request, this.#env, ctx)
    } finally {
      this.#leave(ctx)
    }
  }

  #enter(ctx: ExecutionContext): void {
    this.#contexts.set(ctx, (this.#contexts.get(ctx) ?? 0) + 1)
  }

  #leave(ctx: ExecutionContext): void {
    const n = (this.#contexts.get(ctx) ?? 1) - 1
    if (n > 0) this.#contexts.set(ctx, n)
    else this.#contexts.delete(ctx)
  }

  #publish(event: ServerEvent): void {
    const sending = hubStub(this.#env, this.#config)
      .publish(event)
      .catch((e: unknown) => console.error('edgemcp: could not publish to the hub', e))
    let last: ExecutionContext | undefined
    for (const ctx of this.#contexts.keys()) last = ctx
    last?.waitUntil(sending)
  }
}
