import type { NotesObject } from './notes-object.js'

/** The bindings of wrangler.jsonc. */
export interface Env {
  MCP_SESSION: DurableObjectNamespace
  MCP_HUB: DurableObjectNamespace
  NOTES: DurableObjectNamespace<NotesObject>
  /** Signs 2026-07-28 multi-round request state: `wrangler secret put MCP_STATE_SECRET` (`.dev.vars` locally). */
  MCP_STATE_SECRET?: string
}
