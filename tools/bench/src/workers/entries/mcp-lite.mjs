// mcp-lite 0.10.0 on Workers, its README pattern: a StreamableHttpTransport bound once to the server; session mode
// adds an InMemorySessionAdapter (sessions in the isolate's memory).
import { InMemorySessionAdapter, StreamableHttpTransport } from 'mcp-lite'
import { createLiteServer } from '../../servers/mcp-lite-tools.mjs'

/** @type {((request: Request) => Promise<Response>) | undefined} */
let serve

export default {
  /** @param {Request} request @param {{ TOOLSET: 'echo' | 'many', MODE: string }} env */
  fetch(request, env) {
    if (serve === undefined) {
      const transport = new StreamableHttpTransport(
        env.MODE === 'session'
          ? { sessionAdapter: new InMemorySessionAdapter({ maxEventBufferSize: 1024 }) }
          : {},
      )
      serve = transport.bind(createLiteServer(env.TOOLSET))
    }
    return serve(request)
  },
}
