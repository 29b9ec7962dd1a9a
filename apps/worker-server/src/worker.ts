import { createExplorer } from '@edgemcp/explorer'
import { createMcpTaskObject, createMcpWorker, durableTasks } from '@edgemcp/workers'
import type { Env } from './env.js'
import { createNotesServer } from './server.js'

export const MCP_PATH = '/mcp'

/** The explorer page at `/`: what the server offers, tried from a browser through /mcp (opt-in, not budgeted). */
const explorer = createExplorer({ endpoint: MCP_PATH })

/** The MCP Worker: the notes server at `/mcp` for clients of every era, `GET /` the explorer page. */
export const worker = createMcpWorker<Env>({
  server: (env, { mrtrSecret }) => createNotesServer(env, { mrtrSecret, tasks: durableTasks(env) }),
  path: MCP_PATH,
  // The 2024-11-05 HTTP+SSE transport too; with OAuth on, its sessions are bound to the caller like the others.
  legacySse: true,
  fetch: (request) =>
    new URL(request.url).pathname === '/' ? explorer(request) : new Response('Not Found', { status: 404 }),
})

/** Keeps the sample's tasks (summarise_notes) in SQLite and runs them on its own notes server. */
export const McpTaskObject = createMcpTaskObject<Env>({
  server: (env, { tasks }) => createNotesServer(env, { mrtrSecret: env.MCP_MRTR_SECRET, tasks }),
})
