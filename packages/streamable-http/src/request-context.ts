/** What keeps work alive after a response is returned (Workers and Durable Objects hand one to `fetch`). */
export interface WaitUntilContext {
  waitUntil(promise: Promise<unknown>): void
}

/**
 * A request as the transports see it, and as their hooks (`authenticate`, `sessionId`, `waitUntil`) receive it:
 * the part of Hono's `Context` they use. Behind `createMcpHandler` (a Hono app) it is Hono's `Context` itself;
 * behind the fetch handlers (`createMcpFetchHandler`) it is a `FetchContext`.
 */
export interface McpRequestContext {
  readonly req: {
    readonly raw: Request
    header(name: string): string | undefined
  }
  /** The runtime's bindings (Workers' `env`, @hono/node-server's `{ incoming, outgoing }`); `any` as in Hono. */
  readonly env: any
  /** The runtime's execution context; throws when the request has none (as Hono does). */
  readonly executionCtx: WaitUntilContext
}

/**
 * The `McpRequestContext` of a request handed to a fetch handler: `c.req.raw`, `c.req.header(name)`, `c.env`
 * and `c.executionCtx` as on a Hono `Context`, so hooks written for one work with the other. One object per
 * request (it is its own `req`).
 */
export class FetchContext implements McpRequestContext {
  readonly req: this

  readonly #ctx: WaitUntilContext | undefined

  constructor(
    readonly raw: Request,
    readonly env: any = undefined,
    ctx?: WaitUntilContext,
  ) {
    this.#ctx = ctx
    this.req = this
  }

  header(name: string): string | undefined {
    return this.raw.headers.get(name) ?? undefined
  }

  get executionCtx(): WaitUntilContext {
    if (this.#ctx === undefined) throw new Error('This request has no execution context')
    return this.#ctx
  }
}

/** A fetch handler: `export default { fetch }` on Workers, Deno, Bun, or `serve()` of `./node`. */
export type McpFetch = (request: Request, env?: unknown, ctx?: WaitUntilContext) => Promise<Response>

/**
 * The fetch handler that answers each request with `serve(new FetchContext(request, env, ctx))`. A handler that
 * throws is answered with 500 and logged, as a Hono app would.
 */
export function fetchHandler(serve: (c: McpRequestContext) => Response | Promise<Response>): McpFetch {
  return async (request, env, ctx) => {
    try {
      return await serve(new FetchContext(request, env, ctx))
    } catch (e) {
      console.error(e)
      return new Response('Internal Server Error', { status: 500 })
    }
  }
}
