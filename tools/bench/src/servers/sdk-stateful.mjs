// @modelcontextprotocol/sdk Streamable HTTP, stateful: one transport per session (kept in a map, as in the
// SDK's examples), JSON response mode, plain node:http. Sessions only: no stateless mode.
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { running } from './contract.mjs'
import { listenOnLoopback } from './listen.mjs'
import { createSdkServer } from './sdk-tools.mjs'

/** @type {import('./contract.mjs').StartFn} */
export async function start({ toolset }) {
  /** @type {Map<string, StreamableHTTPServerTransport>} */
  const sessions = new Map()
  const server = createServer(async (req, res) => {
    try {
      const sid = req.headers['mcp-session-id']
      let transport = typeof sid === 'string' ? sessions.get(sid) : undefined
      if (transport === undefined) {
        if (sid !== undefined) {
          res.writeHead(404, { 'content-type': 'application/json' })
          res.end('{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Session not found"}}')
          return
        }
        const fresh = new StreamableHTTPServerTransport({
          sessionIdGenerator: randomUUID,
          enableJsonResponse: true,
          onsessioninitialized: (id) => void sessions.set(id, fresh),
        })
        fresh.onclose = () => void (fresh.sessionId && sessions.delete(fresh.sessionId))
        await createSdkServer(toolset).connect(fresh)
        transport = fresh
      }
      await transport.handleRequest(req, res)
    } catch (err) {
      if (!res.headersSent) res.writeHead(500).end(String(err))
    }
  })
  return running(server, await listenOnLoopback(server))
}
