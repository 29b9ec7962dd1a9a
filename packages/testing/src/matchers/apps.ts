import { type AppAudit, type AppAuditSource, auditApps } from '@edgemcp/core/apps'
import type { McpTestClient } from '../client/test-client.js'
import { isObject, listNames, type MatcherContext, type MCPMatcherResult, preview } from './shared.js'

const isTestClient = (v: unknown): v is McpTestClient =>
  isObject(v) && typeof v.getTools === 'function' && typeof v.readResource === 'function'

/** The server's apps judged by the MCP Apps rules (`auditApps` of `@edgemcp/core/apps`). */
async function audit(client: McpTestClient): Promise<AppAudit> {
  if (!client.isInitialized()) await client.initialize()
  return auditApps({
    tools: (await client.getTools()) as AppAuditSource['tools'],
    readResource: (uri) => client.readResource(uri) as Promise<{ contents: unknown[] }>,
  })
}

const notAClient = (name: string, received: unknown): MCPMatcherResult => ({
  pass: false,
  message: () =>
    `${name} expects a test client (mcpShell, mcpHttp, mcpInProcess); received ${preview(received)}`,
})

const problemList = (problems: string[]) => problems.map((p) => `\n  - ${p}`).join('')

/**
 * `await expect(client).toHaveValidApps()`: the server has at least one MCP App (a tool whose `_meta.ui`
 * names a `ui://` resource) and every app follows the specification's rules (see `auditApps`).
 */
export async function toHaveValidApps(this: MatcherContext, received: unknown): Promise<MCPMatcherResult> {
  if (!isTestClient(received)) return notAClient('toHaveValidApps', received)
  const { resources, problems } = await audit(received)
  const pass = resources.length > 0 && problems.length === 0
  return {
    pass,
    message: () =>
      pass
        ? `expected the server's apps not to be valid, but ${listNames(resources, 'none')} are`
        : resources.length === 0 && problems.length === 0
          ? 'expected the server to have MCP Apps, but no tool names a ui:// resource in _meta.ui.resourceUri'
          : `expected the server's MCP Apps to follow the specification:${problemList(problems)}`,
  }
}

/**
 * `await expect(client).toHaveApp(uri)`: a tool names the app resource `uri`, and that resource and the tools
 * naming it follow the specification's rules.
 */
export async function toHaveApp(
  this: MatcherContext,
  received: unknown,
  uri: string,
): Promise<MCPMatcherResult> {
  if (!isTestClient(received)) return notAClient('toHaveApp', received)
  const result = await audit(received)
  const tools = Object.keys(result.tools).filter((name) => result.tools[name] === uri)
  const mine = result.problems.filter(
    (p) =>
      p.startsWith(`app resource ${JSON.stringify(uri)}:`) ||
      tools.some((name) => p.startsWith(`tool ${JSON.stringify(name)}:`)),
  )
  const pass = tools.length > 0 && mine.length === 0
  return {
    pass,
    message: () =>
      pass
        ? `expected the server not to have the app ${uri}, but tools ${listNames(tools, 'none')} name it`
        : tools.length === 0
          ? `expected a tool to name ${uri} in _meta.ui.resourceUri; apps named: ${listNames(result.resources, 'none')}`
          : `expected the app ${uri} to follow the specification:${problemList(mine)}`,
  }
}
