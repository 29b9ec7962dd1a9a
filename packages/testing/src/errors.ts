import { McpLocalError, ProtocolError } from '@edgemcp/core'
import type { MCPError, MCPResponse } from './types.js'

type RequestId = string | number

/**
 * The server answered a request with a JSON-RPC error: core's `ProtocolError` (so `code`, `data` and
 * `toHaveMCPError(code)` work as everywhere in edgemcp), naming the method and the request id; `response` is
 * the JSON-RPC error response.
 */
export class RequestError extends ProtocolError {
  override readonly name: string = 'RequestError'
  readonly method: string
  readonly requestId: RequestId
  readonly response: MCPResponse
  /** The error object as the server sent it. */
  readonly error: MCPError

  constructor(method: string, requestId: RequestId, error: MCPError) {
    super(error.code, error.message, error.data)
    this.message = `${method} (request id ${requestId}) failed with error ${error.code}: ${error.message}`
    this.method = method
    this.requestId = requestId
    this.error = error
    this.response = { jsonrpc: '2.0', id: requestId, error }
  }

  override toErrorObject(): MCPError {
    return { ...this.error }
  }
}

/** `tools/call` answered with a JSON-RPC error (unknown tool, invalid arguments, ...). */
export class ToolCallError extends RequestError {
  override readonly name: string = 'ToolCallError'
  readonly toolName: string

  constructor(toolName: string, requestId: RequestId, error: MCPError) {
    super('tools/call', requestId, error)
    this.message = `tools/call of tool "${toolName}" (request id ${requestId}) failed with error ${error.code}: ${error.message}`
    this.toolName = toolName
  }
}

/** No answer within `requestTimeout`. */
export class TimeoutError extends McpLocalError {
  override readonly name: string = 'TimeoutError'
  readonly method: string
  readonly requestId: RequestId
  readonly timeoutMs: number

  /** `message` replaces the default one (a task that did not finish in time, say). */
  constructor(method: string, requestId: RequestId, timeoutMs: number, message?: string) {
    super('timeout', message ?? `${method} (request id ${requestId}) got no response within ${timeoutMs} ms`)
    this.method = method
    this.requestId = requestId
    this.timeoutMs = timeoutMs
  }
}

/**
 * The connection ended (the server process exited, stdout carried garbage, the client was closed) while a
 * request was waiting. `cause` holds what ended it.
 */
export class ConnectionLostError extends McpLocalError {
  override readonly name: string = 'ConnectionLostError'
  readonly method: string
  readonly requestId: RequestId

  constructor(method: string, requestId: RequestId, reason: Error) {
    super('closed', `${method} (request id ${requestId}) failed: ${reason.message}`, { cause: reason })
    this.method = method
    this.requestId = requestId
  }
}

/** `close()` found the server did not exit in time, or exited with a non-zero code. */
export class ServerExitError extends McpLocalError {
  override readonly name: string = 'ServerExitError'
  readonly code: number | null
  readonly signal: string | null

  constructor(message: string, code: number | null, signal: string | null) {
    super('remote', message)
    this.code = code
    this.signal = signal
  }
}
