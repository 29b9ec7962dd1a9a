// The sample as its own OAuth authorization server: `npm run start:oauth` (wrangler.oauth.jsonc). Same MCP
// server and Durable Objects as src/index.ts; /mcp needs a token this Worker issued (see the README, "OAuth").
import type { Env } from './env.js'
import { withAuthorizationServer } from './oauth-server.js'
import { MCP_PATH, worker } from './worker.js'

export const { McpSessionObject, McpHubObject } = worker
export { NotesObject } from './notes-object.js'
export { McpTaskObject } from './worker.js'

export default {
  fetch: withAuthorizationServer(worker, MCP_PATH),
} satisfies ExportedHandler<Env>
