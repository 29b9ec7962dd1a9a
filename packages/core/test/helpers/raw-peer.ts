import { validateAgainstSpec } from './spec-validator.js'
import { InMemoryTransport } from '../../src/transport/in-memory.js'
import type { McpServer } from '../../src/server/mcp-server.js'

type Json = Record<string, any>

/**
 * A bare JSON-RPC peer for scenario tests: sends raw messages to a connected server, collects every message
 * the server sends, and answers server→client requests with a callback.
 */
export async function rawPeer(server: McpServer, answer?: (request: Json) => Json | undefined) {
  const [serverEnd, clientEnd] = InMemoryTransport.createPair()
  const received: Json[] = []
  const waiters = new Map<string | number, (m: Json) => void>()
  clientEnd.onmessage = (m) => {
    const msgs = (Array.isArray(m) ? m : [m]) as Json[]
    for (const msg of msgs) {
      received.push(msg)
      if ('method' in msg && 'id' in msg && answer) {
        const result = answer(msg)
        if (result) void clientEnd.send({ jsonrpc: '2.0', id: msg.id, result })
      }
      if (!('method' in msg) && msg.id !== undefined) waiters.get(msg.id)?.(msg)
    }
    if (Array.isArray(m)) waiters.get('batch')?.(m as Json)
  }
  await clientEnd.start()
  const connection = await server.connect(serverEnd)
  let next = 1
  return {
    received,
    connection,
    sentByServer: serverEnd.sent as Json[],
    async request(method: string, params?: Json, id: string | number = next++): Promise<Json> {
      const p = new Promise<Json>((resolve) => waiters.set(id, resolve))
      await clientEnd.send({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) } as never)
      return p
    },
    async raw(value: unknown, waitFor: string | number = 'batch'): Promise<Json> {
      const p = new Promise<Json>((resolve) => waiters.set(waitFor, resolve))
      await clientEnd.send(value as never)
      return p
    },
    notify(method: string, params?: Json) {
      return clientEnd.send({ jsonrpc: '2.0', method, ...(params ? { params } : {}) } as never)
    },
    close: () => clientEnd.close(),
  }
}

/** Every message the server sent validates against the revision's JSON-RPC message definition. */
export function invalidServerMessages(sent: unknown[], revision: string, defName = 'JSONRPCMessage') {
  return sent.flatMap((m) => {
    const r = validateAgainstSpec(revision, defName, m)
    return r.valid ? [] : [{ message: m, errors: r.errors }]
  })
}
