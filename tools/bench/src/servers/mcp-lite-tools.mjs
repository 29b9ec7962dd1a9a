// The benchmark's tools on an mcp-lite McpServer, its README pattern: zod schemas and a schemaAdapter.
import { McpServer } from 'mcp-lite'
import { z } from 'zod'
import { SERVER_INFO, TOOL_COUNT, echoResult, manyToolResult, toolDescription, toolName } from './tools.mjs'
import { echoZodShape, manyToolZodShape } from './zod-tools.mjs'

/** @param {import('./contract.mjs').Toolset} toolset */
export function createLiteServer(toolset) {
  const mcp = new McpServer({
    ...SERVER_INFO,
    schemaAdapter: (schema) => z.toJSONSchema(/** @type {z.ZodType} */ (schema)),
  })
  if (toolset === 'echo') {
    mcp.tool('echo', {
      description: 'Echoes text',
      inputSchema: z.object(echoZodShape()),
      handler: (args) => echoResult(args.text),
    })
    return mcp
  }
  for (let i = 0; i < TOOL_COUNT; i++) {
    const name = toolName(i)
    mcp.tool(name, {
      description: toolDescription(i),
      inputSchema: z.object(manyToolZodShape()),
      handler: () => manyToolResult(name),
    })
  }
  return mcp
}
