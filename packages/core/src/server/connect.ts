import type { JsonRpcMessage } from '../jsonrpc/types.js'
import type { Transport } from '../transport/transport.js'
import type { McpServer } from './mcp-server.js'
import type { ServerSession } from './session.js'

export interface Connection {
  readonly session: ServerSession
  close(): Promise<void>
}

/**
 * Serves a bidirectional transport (stdio, in-memory, a socket): one connection is one legacy session after
 * `initialize`, and modern requests are served statelessly on it. Requests run concurrently.
 */
export async function connectServer(server: McpServer, transport: Transport): Promise<Connection> {
  const session = server.createSession()
  const send = (m: JsonRpcMessage | JsonRpcMessage[]) =>
    transport.send(m).catch((e: unknown) => transport.onerror?.(e as Error))
  session.attach(send)
  transport.onmessage = (value) => {
    void server.handle(value, { session, emit: send, createSession: () => session }).then((r) => {
      if (r.body !== undefined) return send(r.body)
    })
  }
  transport.onclose = () => session.close('transport closed')
  await transport.start()
  return {
    session,
    close: async () => {
      session.close('connection closed')
      await transport.close()
    },
  }
}
