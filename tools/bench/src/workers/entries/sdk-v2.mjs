// The MCP SDK v2 (@modelcontextprotocol/server 2.4.0) on Workers. Stateless: its createMcpHandler (2026-07-28,
// a server per request from the factory, as documented). Session: WebStandardStreamableHTTPServerTransport, one
// per session kept in the isolate's memory (the SDK's sessionful pattern), JSON responses.
import { createMcpHandler, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server'
import { createSdkV2Server } from './sdk-v2-tools.mjs'

/** @type {((request: Request) => Promise<Response>) | undefined} */
let serve

/** @param {'echo' | 'many'} toolset */
function sessionful(toolset) {
  /** @type {Map<string, WebStandardStreamableHTTPServerTransport>} */
  const sessions = new Map()
  return async (/** @type {Request} */ request) => {
    const sid = request.headers.get('mcp-session-id')
    let transport = sid === null ? undefined : sessions.get(sid)
    if (transport === undefined) {
      if (sid !== null)
        return Response.json(
          { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } },
          { status: 404 },
        )
      const fresh = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => crypto.randomUUID(),
        enableJsonResponse: true,
        onsessioninitialized: (id) => void sessions.set(id, fresh),
      })
      await createSdkV2Server(toolset).connect(fresh)
      transport = fresh
    }
    return transport.handleRequest(request)
  }
}

export default {
  /** @param {Request} request @param {{ TOOLSET: 'echo' | 'many', MODE: string }} env */
  fetch(request, env) {
    if (serve === undefined) {
      if (env.MODE === 'session') serve = sessionful(env.TOOLSET)
      else {
        const handler = createMcpHandler(() => createSdkV2Server(env.TOOLSET))
        serve = (r) => handler.fetch(r)
      }
    }
    return serve(request)
  },
}
