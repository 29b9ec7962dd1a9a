import { discover } from './methods/lifecycle.js'
import { callTool, listTools } from './methods/tools.js'
import { defineMethod } from './method-table.js'

// The entries every server's tables share (McpServer's in all-features.ts, ToolServer's in tool-server.ts).
export const LIST_TOOLS = defineMethod(listTools, 'tools', { cacheable: true, reusable: true })
export const CALL_TOOL = defineMethod(callTool, 'tools', { input: true })
/** `server/discover` (2026-07-28), which every modern server answers. */
export const DISCOVER = defineMethod(discover, undefined, { cacheable: true })
