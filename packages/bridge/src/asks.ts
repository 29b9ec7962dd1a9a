import { AsyncLocalStorage } from 'node:async_hooks'
import type {
  ClientHandlers,
  CreateMessageParams,
  ElicitParams,
  InputContext,
  RequestContext,
} from '@edgemcp/core'

/**
 * Which stdio-side request a question of the remote server belongs to. A 2026-07-28 remote asks inside the
 * call that the bridge forwarded (its `input_required` rounds run in that call's async context); a legacy
 * remote sends its server→client request on its own, so it goes to the forwarded call still running that
 * began last — with one call at a time, as desktop clients make them, that is the right one.
 */
export class InputRouter {
  readonly #current = new AsyncLocalStorage<RequestContext>()
  readonly #active = new Set<RequestContext>()

  /** Runs a forwarded request with `ctx` as the one the remote's questions go to. */
  run<T>(ctx: RequestContext, forward: () => Promise<T>): Promise<T> {
    this.#active.add(ctx)
    return this.#current.run(ctx, forward).finally(() => this.#active.delete(ctx))
  }

  /** The stdio-side request a question or a log message of the remote goes to; undefined when none runs. */
  context(): RequestContext | undefined {
    const own = this.#current.getStore()
    if (own) return own
    let last: RequestContext | undefined
    for (const ctx of this.#active) last = ctx
    return last
  }

  /**
   * The client handlers of the bridge's remote side: each question is asked of the stdio client through the
   * request it belongs to — a server→client request for a legacy stdio client, an `input_required` round
   * for a 2026-07-28 one (keyed as the remote keyed it, so the answer finds its way back on the next round).
   */
  handlers(): ClientHandlers {
    const ask = (what: string): RequestContext => {
      const ctx = this.context()
      if (!ctx) throw new Error(`the remote server asked for ${what} outside any request of the stdio client`)
      return ctx
    }
    const key = (input: InputContext) =>
      input.era === 'modern' && typeof input.requestId === 'string' ? { key: input.requestId } : {}
    return {
      elicit: (params: ElicitParams, input) => ask('elicitation').elicit(params, key(input)),
      sample: (params: CreateMessageParams, input) => ask('sampling').sample(params, key(input)),
      listRoots: (input) => ask('roots').listRoots(key(input)),
    }
  }
}
