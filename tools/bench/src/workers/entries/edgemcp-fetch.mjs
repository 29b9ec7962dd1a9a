// edgemcp's bare fetch handler (@edgemcp/streamable-http createMcpFetchHandler) as a Worker: no Hono, legacy
// sessions in the isolate's memory (the default store).
import { createMcpFetchHandler } from '@edgemcp/streamable-http'
import { createEdgeServer } from '../../servers/edgemcp-tools.mjs'

/** @type {import('@edgemcp/streamable-http').McpFetchHandler | undefined} */
let mcp

export default {
  /** @param {Request} request @param {{ TOOLSET: 'echo' | 'many' }} env @param {any} ctx */
  fetch(request, env, ctx) {
    mcp ??= createMcpFetchHandler(createEdgeServer(env.TOOLSET))
    return mcp(request, env, ctx)
  },
}
