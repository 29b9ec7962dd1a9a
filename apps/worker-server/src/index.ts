import { createMcpWorker } from '@edgemcp/workers'
import type { Env } from './env.js'
import { homePage } from './home-page.js'
import { createNotesServer } from './server.js'

const MCP_PATH = '/mcp'

const worker = createMcpWorker<Env>({
  server: createNotesServer,
  path: MCP_PATH,
  fetch: (request) =>
    new URL(request.url).pathname === '/' && request.method === 'GET'
      ? homePage(request, MCP_PATH)
      : new Response('Not Found', { status: 404 }),
})

// Durable Object classes, exported under the names wrangler.jsonc binds.
export const { McpSessionObject, McpHubObject } = worker
export { NotesObject } from './notes-object.js'

export default { fetch: worker.fetch } satisfies ExportedHandler<Env>
