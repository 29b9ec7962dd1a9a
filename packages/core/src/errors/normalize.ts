import { INTERNAL_ERROR, REQUEST_TIMEOUT } from './codes.js'
import { McpLocalError } from './local-error.js'
import { ProtocolError } from './protocol-error.js'
import { randomHex } from '../protocol/random-hex.js'

/**
 * The one place where an unknown throwable becomes a ProtocolError. Protocol errors pass through; local
 * timeouts map to the implementation-defined request-timeout code; edgemcp's own local errors keep their
 * message (written for the client's developer, e.g. a missing capability). Anything else is an internal
 * error whose details stay on the server: the client gets a generic message with a correlation id (also in
 * `data.correlationId`), and the error itself is logged with that id (`console.error`), never sent (a
 * storage error, a stack overflow or a library message can say more about the server than a client should
 * learn). `revealMessage` keeps an Error's message instead: for a client answering a server's request with
 * what its own input handler threw (the user's words, meant for the server).
 */
export function toProtocolError(error: unknown, options: { revealMessage?: boolean } = {}): ProtocolError {
  if (error instanceof ProtocolError) return error
  if (error instanceof McpLocalError)
    return new ProtocolError(error.kind === 'timeout' ? REQUEST_TIMEOUT : INTERNAL_ERROR, error.message)
  if (options.revealMessage && isErrorLike(error) && error.message)
    return new ProtocolError(INTERNAL_ERROR, error.message)
  // A short random id that ties the error on the wire to its entry in the server's log.
  const id = randomHex(6)
  console.error(`edgemcp: internal error ${id}:`, error)
  return new ProtocolError(INTERNAL_ERROR, `Internal error (correlation id ${id})`, { correlationId: id })
}

function isErrorLike(e: unknown): e is { message: string } {
  return typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string'
}
