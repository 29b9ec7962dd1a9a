import type { SkillSource } from '@edgemcp/core/skills'
import { createMcpHandler, type McpHandlerOptions } from '@edgemcp/streamable-http'
import { Hono } from 'hono'
import { createConformanceServer } from './create-server.js'
import type { FixtureHooks } from './fixtures/index.js'

/** The MCP endpoint path the conformance runner targets. */
export const MCP_PATH = '/mcp'

/** Options of the MCP handler, and the skills fixtures' files (no skills extension without them). */
export interface ConformanceAppOptions extends McpHandlerOptions {
  skills?: SkillSource | undefined
}

/** The conformance McpServer behind a Hono app that serves it at `/mcp` (web-standard, no Node APIs). */
export function createConformanceApp(options: ConformanceAppOptions = {}) {
  const { skills, ...handlerOptions } = options
  const hooks: FixtureHooks = {}
  const server = createConformanceServer({ hooks, skills })
  const mcp = createMcpHandler(server, { retryMs: 200, ...handlerOptions })
  hooks.closeSseStream = (sessionId, requestId) => mcp.closeSseStream(sessionId, requestId)
  const app = new Hono().route(MCP_PATH, mcp)
  return { app, server, mcp }
}
