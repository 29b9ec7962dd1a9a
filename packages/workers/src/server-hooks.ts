import { type HandleOptions, type HandleResult, type McpServer, ProtocolError, readId } from '@edgemcp/core'
import { isObject } from '@edgemcp/core/internal'

/**
 * Gives the client's answer to a server→client request a clear error when that request was sent by an
 * earlier instance of the session object (whose handler, waiting for it, is gone): `settle(id)` forgets a
 * logged request and returns its method. The one wrapper left around `server.handle`: the transports have
 * hooks for session ids and session changes, none for client responses.
 */
export function explainLostAnswers(server: McpServer, settle: (id: string) => string | undefined): void {
  const handle = server.handle.bind(server)
  server.handle = async (value: unknown, options?: HandleOptions): Promise<HandleResult> => {
    // A single JSON-RPC response: the client's answer to a server→client request. (Ids of requests the
    // server sent are strings or integers: others answer none of them.)
    const id =
      isObject(value) && !('method' in value) && ('result' in value || 'error' in value) && readId(value)
    const result = await handle(value, options)
    if (id === false || id === null) return result
    const method = settle(String(id))
    if (method === undefined || result.status < 400) return result
    // Its request died with an earlier instance of the session object.
    const error = new ProtocolError(
      -32600, // Invalid Request
      `No request is waiting for this answer: ${method} (id ${id}) was sent by an earlier instance of this ` +
        'session (the server restarted or the request timed out); the tool call that asked for it has ended, retry it',
    )
    return { body: error.toResponse(null), status: 400, era: 'legacy' }
  }
}
