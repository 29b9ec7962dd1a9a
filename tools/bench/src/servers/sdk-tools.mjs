// One McpServer of @modelcontextprotocol/sdk with the benchmark's tools, as its docs register them.
// zod shapes are built once per process and shared, as an app would define them at module level.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { SERVER_INFO, TOOL_COUNT, echoResult, manyToolResult, toolDescription, toolName } from './tools.mjs'
import { echoZodShape, manyToolZodShape } from './zod-tools.mjs'

const echoShape = echoZodShape()
const manyShapes = Array.from({ length: TOOL_COUNT }, () => manyToolZodShape())

/** @param {import('./contract.mjs').Toolset} toolset */
export function createSdkServer(toolset) {
  const server = new McpServer(SERVER_INFO)
  if (toolset === 'echo') {
    server.registerTool('echo', { description: 'Echoes text', inputSchema: echoShape }, async ({ text }) =>
      echoResult(text),
    )
    return server
  }
  manyShapes.forEach((inputSchema, i) => {
    const name = toolName(i)
    server.registerTool(name, { description: toolDescription(i), inputSchema }, async () =>
      manyToolResult(name),
    )
  })
  return server
}
