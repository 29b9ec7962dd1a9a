import { REQUEST_TIMEOUT } from './codes.js'
import { McpLocalError } from './local-error.js'
import { internalError, ProtocolError } from './protocol-error.js'

/**
 * The one place where an unknown throwable becomes a ProtocolError. Protocol errors pass through; local
 * timeouts map to the implementation-defined request-timeout code; anything else is an internal error whose
 * message does not leak stack traces.
 */
export function toProtocolError(error: unknown): ProtocolError {
  if (error instanceof ProtocolError) return error
  if (error instanceof McpLocalError && error.kind === 'timeout')
    return new ProtocolError(REQUEST_TIMEOUT, error.message)
  return internalError((isErrorLike(error) && error.message) || undefined)
}

function isErrorLike(e: unknown): e is { message: string } {
  return typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string'
}
