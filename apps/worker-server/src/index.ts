import { env } from 'cloudflare:workers'
import { createExplorer } from '@edgemcp/explorer'
import { createMcpWorker } from '@edgemcp/workers'
import { authSettings, withBearerAuth } from './auth.js'
import { forBrowsers } from './browser.js'
import type { Env } from './env.js'
import { createNotesServer } from './server.js'

const MCP_PATH = '/mcp'

/** The explorer page at `/`: what the server offers, tried from a browser through /mcp (opt-in, not budgeted). */
const explorer = createExplorer({ endpoint: MCP_PATH })

/** OAuth settings when `AUTH_ISSUER` is set (bearer tokens required on /mcp), else undefined. */
const auth = authSettings(env as Partial<Env>)

const worker = createMcpWorker<Env>({
  server: createNotesServer,
  path: MCP_PATH,
  // The 2024-11-05 HTTP+SSE transport too; with OAuth on, its sessions are bound to the caller like the others.
  legacySse: true,
  fetch: (request) =>
    new URL(request.url).pathname === '/' ? explorer(request) : new Response('Not Found', { status: 404 }),
})

// Durable Object classes, exported under the names wrangler.jsonc binds.
export const { McpSessionObject, McpHubObject } = worker
export { NotesObject } from './notes-object.js'

export default {
  // Browsers first: a person visiting /mcp is sent to the page at / before any token is asked for.
  fetch: forBrowsers(MCP_PATH, auth === undefined ? worker.fetch : withBearerAuth(worker, MCP_PATH, auth)),
} satisfies ExportedHandler<Env>
