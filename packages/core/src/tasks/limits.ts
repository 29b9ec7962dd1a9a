import { ProtocolError } from '../errors/protocol-error.js'

/**
 * A task store refused a new task: the principal (or the whole store) holds as many unexpired tasks as its
 * budget allows. On the wire it is a JSON-RPC error (-32000, HTTP 429) to the `tools/call` that asked.
 */
export class TaskLimitError extends ProtocolError {
  override readonly name: string = 'TaskLimitError'

  constructor(message: string) {
    super(-32000, message, undefined, 429)
  }
}
