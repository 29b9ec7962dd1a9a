import type { McpServer } from '@edgemcp/core'
import type { Hono } from 'hono'
import { hubStub, stringVar } from './bindings.js'
import { holdWhileStreaming } from './hold-while-streaming.js'
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
  private readonly app: Hono
  /** Requests in flight here: the hub publication of an event is kept alive by one of them. */
  private readonly contexts = new Set<ExecutionContext>()

  constructor(
    private readonly env: Env,
    private readonly config: ResolvedWorkerOptions<Env>,
  ) {
    const stateSecret = stringVar(env, config.stateSecretVar)
    if (stateSecret === undefined && !warnedNoSecret) {
      warnedNoSecret = true
      console.warn(
        `edgemcp: ${config.stateSecretVar} is not set; each isolate signs MRTR state with its own random key, ` +
          'so a multi-round request that lands on another isolate fails. Set it with `wrangler secret put`.',
      )
    }
    this.server = config.server(env, { stateSecret, role: 'worker', closeSseStream: () => false })
    new EventRelay(this.server, (event) => this.publish(event))
    this.app = createMcpApp(this.server, {
      path: config.path,
      legacySse: config.legacySse,
      handler: config.handler,
      sessionStore: new NoSessionStore(),
      eventStore: null,
    }).app
  }

  async serve(request: Request, ctx: ExecutionContext): Promise<Response> {
    this.contexts.add(ctx)
    const done = () => this.contexts.delete(ctx)
    try {
      return holdWhileStreaming(await this.app.fetch(request, this.env, ctx), ctx, done)
    } catch (e) {
      done()
      throw e
    }
  }

  private publish(event: ServerEvent): void {
    const sending = hubStub(this.env, this.config)
      .publish(event)
      .catch((e: unknown) => console.error('edgemcp: could not publish to the hub', e))
    let last: ExecutionContext | undefined
    for (const ctx of this.contexts) last = ctx
    last?.waitUntil(sending)
  }
}
