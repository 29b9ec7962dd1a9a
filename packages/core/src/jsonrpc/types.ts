/** JSON-RPC 2.0 wire shapes shared by every MCP revision. Era-specific shapes live in `../types/`. */

export type RequestId = string | number

export interface JsonRpcRequest {
  jsonrpc: '2.0'
  id: RequestId
  method: string
  params?: Record<string, unknown>
}

export interface JsonRpcNotification {
  jsonrpc: '2.0'
  method: string
  params?: Record<string, unknown>
}

export interface JsonRpcResultResponse {
  jsonrpc: '2.0'
  id: RequestId
  result: Record<string, unknown>
}

export interface JsonRpcErrorObject {
  code: number
  message: string
  data?: unknown
}

export interface JsonRpcErrorResponse {
  jsonrpc: '2.0'
  id?: RequestId | null
  error: JsonRpcErrorObject
}

export type JsonRpcResponse = JsonRpcResultResponse | JsonRpcErrorResponse
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse

/** A notification message. */
export const notification = (method: string, params: Record<string, unknown>): JsonRpcNotification => ({
  jsonrpc: '2.0',
  method,
  params,
})

export const isRequest = (m: JsonRpcMessage): m is JsonRpcRequest => 'method' in m && 'id' in m
export const isNotification = (m: JsonRpcMessage): m is JsonRpcNotification => 'method' in m && !('id' in m)
export const isResponse = (m: JsonRpcMessage): m is JsonRpcResponse => !('method' in m)
export const isErrorResponse = (m: JsonRpcMessage): m is JsonRpcErrorResponse =>
  'error' in m && !('method' in m)
