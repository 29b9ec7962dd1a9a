// Cloudflare agents 0.32.0 McpAgent: a Durable Object per session around an SDK 1.x McpServer, served with
// McpAgent.serve('/mcp') (Streamable HTTP) as the agents docs show.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { McpAgent } from 'agents/mcp'
import {
  SERVER_INFO,
  TOOL_COUNT,
  echoResult,
  manyToolResult,
  toolDescription,
  toolName,
} from '../../servers/tools.mjs'
import { echoZodShape, manyToolZodShape } from '../../servers/zod-tools.mjs'

export class BenchAgent extends McpAgent {
  server = new McpServer(SERVER_INFO)

  async init() {
    // @ts-expect-error env is the Worker's env, typed loosely here
    if (this.env.TOOLSET === 'echo') {
      this.server.registerTool(
        'echo',
        { description: 'Echoes text', inputSchema: echoZodShape() },
        async ({ text }) => echoResult(text),
      )
      return
    }
    for (let i = 0; i < TOOL_COUNT; i++) {
      const name = toolName(i)
      this.server.registerTool(
        name,
        { description: toolDescription(i), inputSchema: manyToolZodShape() },
        async () => manyToolResult(name),
      )
    }
  }
}

export default BenchAgent.serve('/mcp')
