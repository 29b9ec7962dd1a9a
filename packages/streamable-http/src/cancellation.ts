import type { AbortSignalLike } from '@edgemcp/core'

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
  #closed = false
  #closeReason: unknown

  /** The HTTP request while it is being answered; dropped once the request is done. */
  #request: Request | undefined

  constructor(request: Request) {
    this.#request = request
  }

  get aborted(): boolean {
    if (this.#controller) return this.#controller.signal.aborted
    return this.#closed || this.#request?.signal.aborted === true
  }

  get reason(): unknown {
    if (this.#controller) return this.#controller.signal.reason
    return this.#closed ? this.#closeReason : this.#request?.signal.reason
  }

  /** A real AbortSignal following this cancellation, made on first use. */
  get signal(): AbortSignal {
    if (this.#controller) return this.#controller.signal
    const controller = new AbortController()
    this.#controller = controller
    if (this.#closed) controller.abort(this.#closeReason)
    else if (this.#request) {
      const upstream = this.#request.signal
      if (upstream.aborted) controller.abort(upstream.reason)
      else upstream.addEventListener('abort', () => controller.abort(upstream.reason), { once: true })
    }
    return controller.signal
  }

  /** The client closed the answer's SSE stream. */
  close(reason: unknown): void {
    if (this.#controller) this.#controller.abort(reason)
    else if (!this.#closed) {
      this.#closed = true
      this.#closeReason = reason
    }
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
