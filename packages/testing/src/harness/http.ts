import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { McpTestClient } from '../client/test-client.js'
import type { MCPTestClientOptions } from '../types.js'
import type { Harness, HarnessExit } from './harness.js'

type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

export interface MCPHttpOptions extends MCPTestClientOptions {
  /** Headers sent with every HTTP request (e.g. `Authorization`). */
  headers?: Record<string, string>
  /** The fetch to use. Default: the global fetch. */
  fetch?: FetchFunction
}

/** A Streamable HTTP endpoint: each message a POST; the legacy session ended with DELETE on close. */
export function httpHarness(
  url: string | URL,
  options: MCPHttpOptions,
  label = `MCP server at ${String(url)}`,
): Harness {
  const transport = new StreamableHttpClientTransport(url, {
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  let resolveExit: (exit: HarnessExit) => void = () => {}
  const exited = new Promise<HarnessExit>((resolve) => {
    resolveExit = resolve
  })
  const clean: HarnessExit = { code: 0, signal: null, forced: false }
  return {
    transport,
    label,
    async afterHandshake(era) {
      // Legacy sessions get server-initiated messages (list_changed, resources/updated) on the GET stream.
      if (era === 'legacy') await transport.openStandaloneStream().catch(() => false)
    },
    async shutdown(timeoutMs) {
      const ended = (async () => {
        await transport.terminateSession().catch(() => {})
        await transport.close()
        return clean
      })()
      let timer: ReturnType<typeof setTimeout> | undefined
      const late = new Promise<HarnessExit>((resolve) => {
        timer = setTimeout(() => resolve({ code: null, signal: null, forced: true }), timeoutMs)
      })
      const exit = await Promise.race([ended, late])
      clearTimeout(timer)
      if (exit.forced) await transport.close()
      resolveExit(exit)
      return exit
    },
    waitForExit: () => exited,
    stderr: () => '',
  }
}

/**
 * Connects to an MCP server over Streamable HTTP (both eras) and returns the test client. `close()` ends
 * the legacy session with DELETE; `waitForExit()` resolves once the client closed the connection.
 *
 * @example
 * const app = mcpHttp('http://127.0.0.1:8787/mcp', { headers: { Authorization: 'Bearer test' } })
 * await expect(app).toHaveTool('read_file')
 */
export function mcpHttp(url: string | URL, options: MCPHttpOptions = {}): McpTestClient {
  return new McpTestClient(httpHarness(url, options), options)
}
