import { InMemoryTransport, type McpServer } from '@edgemcp/core'
import { McpTestClient } from '../client/test-client.js'
import type { MCPTestClientOptions } from '../types.js'
import type { Harness, HarnessExit } from './harness.js'
import { httpHarness } from './http.js'

/** An McpServer connected through an in-memory transport pair: no process, no socket. */
export function inMemoryHarness(server: McpServer): Harness {
  const [clientEnd, serverEnd] = InMemoryTransport.createPair()
  let resolveExit: (exit: HarnessExit) => void = () => {}
  const exited = new Promise<HarnessExit>((resolve) => {
    resolveExit = resolve
  })
  const clean: HarnessExit = { code: 0, signal: null, forced: false }
  return {
    transport: clientEnd,
    label: `in-process MCP server "${server.info.name}"`,
    async prepare() {
      await server.connect(serverEnd)
      const engineOnClose = serverEnd.onclose
      serverEnd.onclose = () => {
        engineOnClose?.()
        resolveExit(clean)
      }
    },
    async shutdown() {
      await clientEnd.close()
      resolveExit(clean)
      return exited
    },
    waitForExit: () => exited,
    stderr: () => '',
  }
}

/** A web-standard request handler: a function, or an object with `fetch` (a Hono app, a Worker). */
export type FetchHandler =
  | ((request: Request) => Response | Promise<Response>)
  | { fetch: (request: Request, ...rest: never[]) => Response | Promise<Response> }

export interface MCPInProcessOptions extends MCPTestClientOptions {
  /** For a fetch handler: the URL requests are made to (its path must be where the handler serves MCP). */
  url?: string
  /** For a fetch handler: headers sent with every request. */
  headers?: Record<string, string>
}

const isMcpServer = (value: unknown): value is McpServer =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as McpServer).connect === 'function' &&
  typeof (value as McpServer).handle === 'function'

/**
 * Serves an `McpServer` (in-memory transport) or a fetch handler (Streamable HTTP without a socket: each
 * request goes straight to `handler(request)`) in this process and returns the test client.
 *
 * @example
 * const app = mcpInProcess(createServer(), { protocolVersion: '2026-07-28' })
 * await expect(app).toHaveTool('read_file')
 * const viaHttp = mcpInProcess(createMcpHandler(createServer()))   // a Hono app
 */
export function mcpInProcess(
  target: McpServer | FetchHandler,
  options: MCPInProcessOptions = {},
): McpTestClient {
  if (isMcpServer(target)) return new McpTestClient(inMemoryHarness(target), options)
  const handle =
    typeof target === 'function'
      ? target
      : typeof target?.fetch === 'function'
        ? (request: Request) => target.fetch(request)
        : undefined
  if (!handle)
    throw new TypeError('mcpInProcess expects an McpServer, a fetch handler or an object with fetch()')
  const url = options.url ?? 'http://localhost/'
  const fetch = async (input: string | URL | Request, init?: RequestInit) => handle(new Request(input, init))
  return new McpTestClient(
    httpHarness(url, { ...options, fetch }, `in-process MCP handler at ${url}`),
    options,
  )
}
