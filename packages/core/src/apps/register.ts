import { extendServer } from '../server/extend.js'
import { serverEngine } from '../server/engine.js'
import type { McpServer } from '../server/mcp-server.js'
import type { Registration } from '../server/registry.js'
import type { JsonObject, ReadResourceResult, ToolDefinition, ToolHandler } from '../server/types.js'
import type { ToolArguments, ToolResult } from '../server/json-schema-types.js'
import type { SchemaInput } from '../server/schema-validation.js'
import { htmlProblems, isAppUri, resourceUiProblems, toolUiProblems } from './rules.js'
import { APP_MIME_TYPE, APPS_EXTENSION, type AppResourceUi, type AppToolUi } from './types.js'

/** The HTML of an app: a string, or a function giving it on each read (e.g. from a static asset). */
export type AppHtml = string | (() => string | Promise<string>)

export interface AppResourceOptions {
  /** Its `ui://` URI (what tools name in `_meta.ui.resourceUri`). */
  uri: string
  name: string
  title?: string | undefined
  description?: string | undefined
  /** The View: a complete HTML document. */
  html: AppHtml
  /** `'blob'` serves the HTML base64-encoded. Default `'text'`. */
  encoding?: 'text' | 'blob' | undefined
  /** `_meta.ui` (CSP origins, permissions, domain, prefersBorder): on the listing and on every read. */
  ui?: AppResourceUi | undefined
}

/** A refusal of an app registration, naming the tool or resource and the field at fault. */
export class AppRegistrationError extends Error {
  override readonly name = 'AppRegistrationError'
}

const refuse = (what: string, problems: string[]) => {
  if (problems.length > 0) throw new AppRegistrationError(`${what}: ${problems.join('; ')}`)
}

/** Declares `io.modelcontextprotocol/ui` once per server (it stays declared while the server lives). */
function declare(server: McpServer): void {
  const engine = serverEngine(server)
  if (!engine.extensions.has(APPS_EXTENSION)) extendServer(engine, APPS_EXTENSION, {})
}

const base64 = (text: string) => {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/**
 * Registers an MCP App's View (SEP-1865): a `ui://` resource of MIME type `text/html;profile=mcp-app`, read
 * with its `_meta.ui`, and declares `capabilities.extensions["io.modelcontextprotocol/ui"]`. Throws
 * `AppRegistrationError` for a URI that is not `ui://`, HTML that is not a document, or a malformed `ui`.
 */
export function registerAppResource(server: McpServer, options: AppResourceOptions): Registration {
  const { uri, html, ui } = options
  const what = `app resource ${JSON.stringify(uri)}`
  refuse(what, [
    ...(isAppUri(uri) ? [] : ['uri must use the ui:// scheme']),
    ...(options.name ? [] : ['name is required']),
    ...(typeof html === 'string'
      ? htmlProblems(html)
      : typeof html === 'function'
        ? []
        : ['html is required']),
    ...resourceUiProblems(ui),
  ])
  const _meta: JsonObject | undefined = ui ? { ui: ui as JsonObject } : undefined
  const registration = server.resource(
    uri,
    {
      name: options.name,
      ...(options.title !== undefined && { title: options.title }),
      ...(options.description !== undefined && { description: options.description }),
      mimeType: APP_MIME_TYPE,
      ...(_meta && { _meta }),
    },
    async (): Promise<ReadResourceResult> => {
      const text = typeof html === 'string' ? html : await html()
      refuse(what, htmlProblems(text))
      const body = options.encoding === 'blob' ? { blob: base64(text) } : { text }
      return { contents: [{ uri, mimeType: APP_MIME_TYPE, ...body, ...(_meta && { _meta }) }] }
    },
  )
  declare(server)
  return registration
}

export type AppToolDefinition<
  In extends SchemaInput | undefined = SchemaInput | undefined,
  Out extends SchemaInput | undefined = SchemaInput | undefined,
> = ToolDefinition<In, Out> & {
  /** `_meta.ui`: the app resource that renders its results (registered first) and who may call it. */
  ui: AppToolUi
}

/**
 * Registers a tool of an MCP App: `server.tool` with `_meta.ui` (`resourceUri`, `visibility`) and the flat
 * `_meta["ui/resourceUri"]` older hosts read. Throws `AppRegistrationError` for a `resourceUri` that is not a
 * `ui://` resource already registered on `server`, or a visibility other than `"model"` / `"app"`.
 */
export function registerAppTool<
  const In extends SchemaInput | undefined = undefined,
  const Out extends SchemaInput | undefined = undefined,
>(
  server: McpServer,
  name: string,
  definition: AppToolDefinition<In, Out>,
  handler: ToolHandler<ToolArguments<In>, ToolResult<Out>>,
): Registration {
  const { ui, ...tool } = definition
  const problems = toolUiProblems(ui)
  if (problems.length === 0 && !serverEngine(server).registry.resources.has(ui.resourceUri))
    problems.push(
      `_meta.ui.resourceUri names ${ui.resourceUri}, which is not registered (registerAppResource first)`,
    )
  refuse(`app tool ${JSON.stringify(name)}`, problems)
  const toolUi: JsonObject = { resourceUri: ui.resourceUri }
  if (ui.visibility) toolUi.visibility = [...ui.visibility]
  const _meta: JsonObject = { ...tool._meta, ui: toolUi, 'ui/resourceUri': ui.resourceUri }
  return server.tool(name, { ...tool, _meta } as ToolDefinition<In, Out>, handler)
}
