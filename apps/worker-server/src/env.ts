import type { NotesObject } from './notes-object.js'

/** The bindings of wrangler.jsonc. */
export interface Env {
  MCP_SESSION: DurableObjectNamespace
  MCP_HUB: DurableObjectNamespace
  /** Keeps and runs tasks (summarise_notes): `McpTaskObject`. */
  MCP_TASKS: DurableObjectNamespace
  NOTES: DurableObjectNamespace<NotesObject>
  /** Signs 2026-07-28 multi-round request state: `wrangler secret put MCP_MRTR_SECRET` (`.dev.vars` locally). */
  MCP_MRTR_SECRET?: string
  /**
   * OAuth (off unless `AUTH_ISSUER` is set, see the README): the authorization server's issuer; this server's
   * MCP URL (the token audience); its JWKS by URL or inline (JSON); scopes every request needs (space-separated).
   */
  AUTH_ISSUER?: string
  AUTH_AUDIENCE?: string
  AUTH_JWKS_URL?: string
  AUTH_JWKS?: string | object
  AUTH_REQUIRED_SCOPES?: string
  /**
   * The Worker as its own authorization server (`wrangler.oauth.jsonc`, `npm run start:oauth`): set to `on`
   * there, with the `OAUTH_KV` namespace; `OAUTH_PUBLIC_URL` is its public origin (default, on loopback only:
   * the origin requests arrive at).
   */
  OAUTH_SERVER?: string
  OAUTH_KV?: KVNamespace
  OAUTH_PUBLIC_URL?: string
}
