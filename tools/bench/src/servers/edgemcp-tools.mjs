// The benchmark's tools on an edgemcp McpServer, registered as the package README shows (JSON Schema).
import { McpServer } from '@edgemcp/core'
import {
  ECHO_JSON_SCHEMA,
  SERVER_INFO,
  TOOL_COUNT,
  echoResult,
  manyToolJsonSchema,
  manyToolResult,
  toolDescription,
  toolName,
} from './tools.mjs'

/** @param {'echo' | 'many'} toolset */
export function createEdgeServer(toolset) {
  const server = new McpServer(SERVER_INFO)
  if (toolset === 'echo') {
    server.tool('echo', { description: 'Echoes text', inputSchema: ECHO_JSON_SCHEMA }, (args) =>
      echoResult(String(args.text)),
    )
    return server
  }
  for (let i = 0; i < TOOL_COUNT; i++) {
    const name = toolName(i)
    server.tool(name, { description: toolDescription(i), inputSchema: manyToolJsonSchema() }, () =>
      manyToolResult(name),
    )
  }
  return server
}
