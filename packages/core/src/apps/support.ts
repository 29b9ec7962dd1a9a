import { APP_MIME_TYPE, APPS_EXTENSION } from './types.js'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/**
 * Whether the client of this request renders MCP Apps of `mimeType` (default `text/html;profile=mcp-app`): it
 * declared `capabilities.extensions["io.modelcontextprotocol/ui"].mimeTypes` with it. Per request in both
 * eras: `ctx.clientCapabilities` is the session's `initialize` capabilities (legacy) or the request's
 * `_meta` client capabilities (2026-07-28). A tool answers clients without it with its text alone.
 */
export function clientSupportsApps(
  ctx: { readonly clientCapabilities: Record<string, unknown> },
  mimeType: string = APP_MIME_TYPE,
): boolean {
  const extensions = ctx.clientCapabilities.extensions
  const ui = isObject(extensions) ? extensions[APPS_EXTENSION] : undefined
  const types = isObject(ui) ? ui.mimeTypes : undefined
  return Array.isArray(types) && types.includes(mimeType)
}

/** The capabilities a client declares to render apps: `new McpClient(info, { capabilities: appCapabilities() })`. */
export const appClientCapabilities = (mimeTypes: string[] = [APP_MIME_TYPE]) => ({
  extensions: { [APPS_EXTENSION]: { mimeTypes } },
})
