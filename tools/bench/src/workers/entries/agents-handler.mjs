// Cloudflare agents 0.32.0, stateless: createMcpHandler from agents/mcp/server with an SDK v2 McpServer, exactly
// as the agents README writes it (a handler made per request around a server factory).
import { createMcpHandler } from 'agents/mcp/server'
import { createSdkV2Server } from './sdk-v2-tools.mjs'

export default {
  /** @param {Request} request @param {{ TOOLSET: 'echo' | 'many' }} env @param {any} ctx */
  fetch(request, env, ctx) {
    return createMcpHandler(() => createSdkV2Server(env.TOOLSET))(request, env, ctx)
  },
}
