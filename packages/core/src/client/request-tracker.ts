import { McpLocalError, RequestTimeoutError } from '../errors/local-error.js'
import { fromErrorObject } from '../errors/protocol-error.js'
import type { JsonRpcResponse, RequestId } from '../jsonrpc/types.js'
import type { JsonObject, ProgressInfo, ClientRequestOptions } from './types.js'

interface Pending {
  resolve: (result: JsonObject) => void
  reject: (error: Error) => void
  onProgress: ((info: ProgressInfo) => void) | undefined
}

/** Tells the peer that a request was given up (notifications/cancelled or the transport's own cancel). */
export type CancelFn = (reason: string) => void

/** The text of an abort reason, for `notifications/cancelled`. */
export function reasonText(reason: unknown, fallback = 'cancelled'): string {
  if (reason instanceof Error && reason.message) return reason.message
  if (typeof reason === 'string' && reason) return reason
  return fallback
}

/**
 * The client's outstanding requests: fresh ids, the promise of each request, its timeout (optionally reset by
 * progress, bounded by a maximum), its AbortSignal and its progress callback. A request that times out or is
 * aborted is removed at once, so a late response to it is ignored (basic/utilities/cancellation).
 */
export class RequestTracker {
  #next = 1
  readonly #pending = new Map<RequestId, Pending>()

  readonly #defaultTimeoutMs: number

  constructor(defaultTimeoutMs: number) {
    this.#defaultTimeoutMs = defaultTimeoutMs
  }

  /** A request id never used before on this client. */
  nextId(): number {
    return this.#next++
  }

  /** Registers request `id`; `cancel` is called when it times out or its signal aborts. */
  track(id: RequestId, method: string, options: ClientRequestOptions, cancel: CancelFn): Promise<JsonObject> {
    return new Promise<JsonObject>((resolve, reject) => {
      const { signal } = options
      const timeoutMs = options.timeoutMs ?? this.#defaultTimeoutMs
      const maxTotal = options.maxTotalTimeoutMs
      const started = Date.now()
      let timer: ReturnType<typeof setTimeout> | undefined

      const finish = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        this.#pending.delete(id)
      }
      const stop = (error: Error, reason: string) => {
        finish()
        reject(error)
        cancel(reason)
      }
      const onAbort = () =>
        stop(
          new McpLocalError('aborted', `Request ${method} (id ${id}) was cancelled`, {
            cause: signal?.reason,
          }),
          reasonText(signal?.reason),
        )
      /** Arms the timer for what is left; the error names the budget that ran out. */
      const arm = () => {
        if (!(timeoutMs > 0) || !Number.isFinite(timeoutMs)) return
        const left = maxTotal === undefined ? timeoutMs : maxTotal - (Date.now() - started)
        const byMax = maxTotal !== undefined && left <= timeoutMs
        const budget = byMax ? maxTotal : timeoutMs
        timer = setTimeout(
          () => stop(new RequestTimeoutError(method, id, budget), `timed out after ${budget} ms`),
          Math.max(0, Math.min(timeoutMs, left)),
        )
      }

      if (signal?.aborted) {
        reject(new McpLocalError('aborted', `Request ${method} was cancelled before it was sent`))
        return
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      arm()

      const onProgress = (info: ProgressInfo) => {
        if (options.resetTimeoutOnProgress) {
          clearTimeout(timer)
          arm()
        }
        options.onprogress?.(info)
      }

      this.#pending.set(id, {
        resolve: (r) => {
          finish()
          resolve(r)
        },
        reject: (e) => {
          finish()
          reject(e)
        },
        onProgress: options.onprogress || options.resetTimeoutOnProgress ? onProgress : undefined,
      })
    })
  }

  /** Delivers a response; false when no request waits for it (unknown, timed out or cancelled). */
  settle(response: JsonRpcResponse): boolean {
    const id = response.id
    if (id === undefined || id === null) return false
    const p = this.#pending.get(id)
    if (!p) return false
    if ('result' in response) p.resolve(response.result)
    else p.reject(fromErrorObject(response.error))
    return true
  }

  /** Routes `notifications/progress` (its token is the request id); false when nobody listens. */
  progress(params: JsonObject): boolean {
    const token = params.progressToken
    if (typeof token !== 'string' && typeof token !== 'number') return false
    const p = this.#pending.get(token)
    if (!p?.onProgress || typeof params.progress !== 'number') return false
    const info: ProgressInfo = { progress: params.progress }
    if (typeof params.total === 'number') info.total = params.total
    if (typeof params.message === 'string') info.message = params.message
    p.onProgress(info)
    return true
  }

  /** Fails one request locally (e.g. the transport refused to send it). */
  fail(id: RequestId, error: Error): void {
    this.#pending.get(id)?.reject(error)
  }

  /**
   * An error response without an id (the peer could not read ours) settles the only outstanding request, if
   * there is exactly one; false otherwise.
   */
  failSole(error: Error): boolean {
    if (this.#pending.size !== 1) return false
    for (const p of this.#pending.values()) p.reject(error)
    return true
  }

  /** Fails every outstanding request (the connection closed). */
  rejectAll(error: Error): void {
    for (const p of [...this.#pending.values()]) p.reject(error)
  }
}
