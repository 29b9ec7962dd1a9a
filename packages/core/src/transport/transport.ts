import type { JsonRpcMessage } from '../jsonrpc/types.js'

/**
 * The transport contract: a bidirectional channel of JSON-RPC messages. Used by `McpServer.connect()` and by
 * `McpClient`. HTTP server transports do not implement it: they call `McpServer.handle()` per request.
 *
 * - `onmessage` receives parsed JSON (`unknown`): the engine validates it, so a transport never has to.
 * - `send` resolves once the message is handed to the wire; it rejects when the channel is closed.
 * - `close` is idempotent and ends with one `onclose`.
 */
export interface Transport {
  start(): Promise<void>
  send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void>
  close(): Promise<void>
  onmessage?: ((message: unknown) => void) | undefined
  onclose?: (() => void) | undefined
  onerror?: ((error: Error) => void) | undefined
  /** Client side: lets HTTP transports put the negotiated version in their headers. */
  setProtocolVersion?(version: string): void
  /** Client side: the legacy session id, when the transport has one. */
  readonly sessionId?: string | undefined
}
