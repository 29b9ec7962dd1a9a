// The benchmark's tools on an McpServer of the MCP SDK v2 (@modelcontextprotocol/server), as its docs register
// them (zod object schemas, built once at module level).
import { McpServer } from '@modelcontextprotocol/server'
import { z } from 'zod'
import {
  SERVER_INFO,
  TOOL_COUNT,
  echoResult,
  manyToolResult,
  toolDescription,
  toolName,
} from '../../servers/tools.mjs'
import { echoZodShape, manyToolZodShape } from '../../servers/zod-tools.mjs'

const echoSchema = z.object(echoZodShape())
const manySchemas = Array.from({ length: TOOL_COUNT }, () => z.object(manyToolZodShape()))

/** @param {'echo' | 'many'} toolset */
export function createSdkV2Server(toolset) {
  const server = new McpServer(SERVER_INFO)
  if (toolset === 'echo') {
    server.registerTool('echo', { description: 'Echoes text', inputSchema: echoSchema }, async ({ text }) =>
      echoResult(text),
    )
    return server
  }
  manySchemas.forEach((inputSchema, i) => {
    const name = toolName(i)
    server.registerTool(name, { description: toolDescription(i), inputSchema }, async () =>
      manyToolResult(name),
    )
  })
  return server
}
