import { contentProblems, toolUiProblems } from './rules.js'

/** What `auditApps` needs of a server: its tools as listed, and a way to read a resource. */
export interface AppAuditSource {
  tools: ReadonlyArray<{ name: string; _meta?: Record<string, unknown> | undefined }>
  readResource(uri: string): Promise<{ contents: readonly unknown[] }>
}

export interface AppAudit {
  /** The `ui://` resources the tools name, in listing order, once each. */
  resources: string[]
  /** The tools that name one, by tool name: their resource URI. */
  tools: Record<string, string>
  /** What breaks the specification's rules, each naming the tool or resource and the field. */
  problems: string[]
}

const uiOf = (meta: Record<string, unknown> | undefined) => meta?.ui

/**
 * Checks a server's apps against the MCP Apps rules (2026-01-26): each tool's `_meta.ui` (a `ui://`
 * `resourceUri`, `visibility` of `"model"` / `"app"`, the flat `ui/resourceUri` key the same URI), and each
 * referenced resource read: it exists, and every content has the resource's URI, MIME type
 * `text/html;profile=mcp-app`, text or blob holding an HTML document, and a well-formed `_meta.ui`.
 */
export async function auditApps(source: AppAuditSource): Promise<AppAudit> {
  const problems: string[] = []
  const tools: Record<string, string> = {}
  const resources: string[] = []
  for (const tool of source.tools) {
    const ui = uiOf(tool._meta)
    const flat = tool._meta?.['ui/resourceUri']
    if (ui === undefined && flat === undefined) continue
    const at = `tool ${JSON.stringify(tool.name)}`
    const found = ui === undefined ? toolUiProblems({ resourceUri: flat }) : toolUiProblems(ui)
    for (const p of found) problems.push(`${at}: ${p}`)
    const uri = ui === undefined ? flat : (ui as { resourceUri?: unknown }).resourceUri
    if (flat !== undefined && ui !== undefined && flat !== uri)
      problems.push(`${at}: _meta["ui/resourceUri"] must equal _meta.ui.resourceUri`)
    if (typeof uri !== 'string' || found.length > 0) continue
    tools[tool.name] = uri
    if (!resources.includes(uri)) resources.push(uri)
  }
  for (const uri of resources) {
    const at = `app resource ${JSON.stringify(uri)}`
    let contents: readonly unknown[]
    try {
      contents = (await source.readResource(uri)).contents
    } catch (e) {
      problems.push(`${at}: cannot be read (${e instanceof Error ? e.message : String(e)})`)
      continue
    }
    if (contents.length === 0) problems.push(`${at}: resources/read returned no contents`)
    for (const content of contents)
      for (const p of contentProblems(content, uri)) problems.push(`${at}: ${p}`)
  }
  return { resources, tools, problems }
}
