// @edgemcp/core/tools-only: the lightest server, for Workers that serve tools to 2026-07-28 clients. A subpath
// of its own: a bundle that imports it carries the engine with the tool methods only (no legacy era, sessions,
// MRTR, resources, prompts, completion or subscriptions). Same engine and tool registration as McpServer.

export { ToolServer } from './server/tool-server.js'
export type { ToolServerOptions } from './server/tool-server.js'
