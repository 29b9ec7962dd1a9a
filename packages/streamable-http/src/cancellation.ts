import type { AbortSignalLike } from '@edgemcp/core'

interface Aborted {
  readonly aborted: boolean
  readonly reason: unknown
}

/**
 * The cancellation of one 2026-07-28 request (cancellation = closing the stream): aborted when the client
 * disconnects (the HTTP request's signal) or closes the SSE stream of the answer (the only sign of a
 * disconnect on runtimes whose `request.signal` never aborts, e.g. Workers without `enable_request_signal`).
 *
 * It is what the engine gets as `HandleOptions.signal` (an `AbortSignalLike`: `aborted`, `reason` and
 * `add/removeEventListener`); the engine subscribes only when a handler reads `ctx.signal`. Real
 * signals are costly (an AbortController each, listeners, and they outlive young-generation GCs), so this
 * object creates none until someone subscribes: not even the request's own signal, which @hono/node-server
 * makes on first access.
 */
export class RequestCancellation implements AbortSignalLike {
  #controller: AbortController | undefined
  /** The client closed the answer's SSE stream before anyone subscribed. */
  #closed: Aborted | undefined
  /** The HTTP request while it is being answered; dropped once the request is done. */
  #request: Request | undefined

  constructor(request: Request) {
    this.#request = request
  }

  /** What `aborted` and `reason` follow: the real signal once made, else a close, else the request's signal. */
  get #source(): Aborted | undefined {
    return this.#controller?.signal ?? this.#closed ?? this.#request?.signal
  }

  get aborted(): boolean {
    return this.#source?.aborted === true
  }

  get reason(): unknown {
    return this.#source?.reason
  }

  /** A real AbortSignal following this cancellation, made on first use. */
  get signal(): AbortSignal {
    if (!this.#controller) {
      const from = this.#source
      const controller = new AbortController()
      this.#controller = controller
      if (from?.aborted) controller.abort(from.reason)
      // Not aborted: the request's signal (a close is always aborted).
      else
        (from as AbortSignal | undefined)?.addEventListener('abort', () => controller.abort(from?.reason), {
          once: true,
        })
    }
    return this.#controller.signal
  }

  /** The client closed the answer's SSE stream. */
  close(reason: unknown): void {
    if (this.#controller) this.#controller.abort(reason)
    else this.#closed ??= { aborted: true, reason }
  }

  /**
   * The request is answered: a later disconnect cancels nothing, so the HTTP request need not be kept (the
   * engine may keep its request scope, and with it this object, alive for a while).
   */
  release(): void {
    this.#request = undefined
  }

  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void {
    this.signal.addEventListener(type, listener, options)
  }

  removeEventListener(type: 'abort', listener: () => void): void {
    this.#controller?.signal.removeEventListener(type, listener)
  }
}
