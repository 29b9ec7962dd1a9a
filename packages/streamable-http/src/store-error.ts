import { errorResponse, transportError } from './http-error.js'

/**
 * Thrown by a `SessionStore` or `EventStore` that cannot be reached right now (a shared store restarting, a
 * dropped connection, a command that timed out). The handler answers the request with 503 and `Retry-After`
 * instead of failing it with 500, so clients and load balancers know to try again shortly.
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError'
  /** What the 503 answer's `Retry-After` says, in whole seconds (at least 1). */
  readonly retryAfterSeconds: number

  constructor(message: string, options: { retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.retryAfterSeconds = Math.max(1, Math.ceil(options.retryAfterSeconds ?? 1))
  }
}

/**
 * The 503 answering a request whose store was unavailable (a JSON-RPC error -32603 with `Retry-After`);
 * undefined for any other error, which the caller rethrows.
 */
export function unavailableResponse(error: unknown): Response | undefined {
  if (!(error instanceof StoreUnavailableError)) return undefined
  return errorResponse(
    transportError(503, `Service Unavailable: ${error.message}; retry shortly`, -32603),
    null,
    { 'Retry-After': String(error.retryAfterSeconds) },
  )
}
