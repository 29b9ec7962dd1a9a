import { env } from 'cloudflare:workers'
import { authSettings, withBearerAuth } from './auth.js'
import { forBrowsers } from './browser.js'
import type { Env } from './env.js'
import { MCP_PATH, worker } from './worker.js'

/** OAuth settings when `AUTH_ISSUER` is set (bearer tokens required on /mcp), else undefined. */
const auth = authSettings(env as Partial<Env>)

// Durable Object classes, exported under the names wrangler.jsonc binds.
export const { McpSessionObject, McpHubObject } = worker
export { NotesObject } from './notes-object.js'
export { McpTaskObject } from './worker.js'

export default {
  // Browsers first: a person visiting /mcp is sent to the page at / before any token is asked for.
  fetch: forBrowsers(MCP_PATH, auth === undefined ? worker.fetch : withBearerAuth(worker, MCP_PATH, auth)),
} satisfies ExportedHandler<Env>
