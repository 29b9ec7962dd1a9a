import type { AuthProvider, Transport } from '@edgemcp/core'
import { FallbackClientTransport, SseClientTransport } from '@edgemcp/sse'
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
  /**
   * Authorizes the requests and logs in on 401/403: an `AuthProvider`, e.g. `createOAuthProvider(...)` from
   * `@edgemcp/auth/client` (with `headlessAuthorize()` to drive a test authorization server).
   */
  auth?: AuthProvider
  /**
   * `'streamable-http'`, `'sse'` (the 2024-11-05 HTTP+SSE transport: `url` is the event stream), or `'auto'`
   * (default): Streamable HTTP, falling back to SSE when the server refuses the `initialize` POST with 400,
   * 404 or 405 (basic/transports "Backwards Compatibility").
   */
  transport?: 'auto' | 'streamable-http' | 'sse'
}

/** An HTTP endpoint: Streamable HTTP (legacy session ended with DELETE on close) or legacy HTTP+SSE. */
export function httpHarness(
  url: string | URL,
  options: MCPHttpOptions,
  label = `MCP server at ${String(url)}`,
): Harness {
  const wire = {
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.fetch ? { fetch: options.fetch as typeof fetch } : {}),
    ...(options.auth ? { authProvider: options.auth } : {}),
  }
  let streamable: StreamableHttpClientTransport | undefined
  const makeStreamable = (u: string | URL) => {
    streamable = new StreamableHttpClientTransport(u, wire)
    return streamable
  }
  const kind = options.transport ?? 'auto'
  const transport: Transport =
    kind === 'streamable-http'
      ? makeStreamable(url)
      : kind === 'sse'
        ? new SseClientTransport(url, wire)
        : new FallbackClientTransport(url, { ...wire, streamable: makeStreamable })
  /** The Streamable HTTP transport when it is the one in use (not after a fallback to SSE). */
  const activeStreamable = () =>
    transport instanceof FallbackClientTransport && transport.kind === 'sse' ? undefined : streamable

  let resolveExit: (exit: HarnessExit) => void = () => {}
  const exited = new Promise<HarnessExit>((resolve) => {
    resolveExit = resolve
  })
  return {
    transport,
    label,
    async afterHandshake(era) {
      // Legacy sessions get server-initiated messages (list_changed, resources/updated) on the GET stream.
      if (era === 'legacy')
        await activeStreamable()
          ?.openStandaloneStream()
          .catch(() => false)
    },
    async shutdown(timeoutMs) {
      const ended = (async (): Promise<HarnessExit> => {
        await activeStreamable()
          ?.terminateSession()
          .catch(() => {})
        await transport.close()
        return { code: 0, signal: null, forced: false }
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
 * Connects to an MCP server over HTTP — Streamable HTTP (both eras), or the legacy HTTP+SSE transport by
 * fallback or choice — and returns the test client. `close()` ends a legacy Streamable HTTP session with
 * DELETE; `waitForExit()` resolves once the client closed the connection.
 *
 * @example
 * const app = mcpHttp('http://127.0.0.1:8787/mcp', { headers: { Authorization: 'Bearer test' } })
 * await expect(app).toHaveTool('read_file')
 */
export function mcpHttp(url: string | URL, options: MCPHttpOptions = {}): McpTestClient {
  return new McpTestClient(httpHarness(url, options), options)
}
