import { InMemoryTransport, type McpServer } from '@edgemcp/core'
import { McpTestClient } from '../client/test-client.js'
import type { MCPTestClientOptions } from '../types.js'
import type { Harness, HarnessExit } from './harness.js'

/** An McpServer connected through an in-memory transport pair: no process, no socket. */
export function inMemoryHarness(server: McpServer): Harness {
  const [clientEnd, serverEnd] = InMemoryTransport.createPair()
  let resolveExit: (exit: HarnessExit) => void = () => {}
  const exited = new Promise<HarnessExit>((resolve) => {
    resolveExit = resolve
  })
  const serverOnClose = () => resolveExit({ code: 0, signal: null, forced: false })
  return {
    transport: clientEnd,
    label: `in-process MCP server "${server.info.name}"`,
    async prepare() {
      await server.connect(serverEnd)
      const engineOnClose = serverEnd.onclose
      serverEnd.onclose = () => {
        engineOnClose?.()
        serverOnClose()
      }
    },
    async shutdown() {
      await clientEnd.close()
      resolveExit({ code: 0, signal: null, forced: false })
      return exited
    },
    waitForExit: () => exited,
    stderr: () => '',
  }
}

const isMcpServer = (value: unknown): value is McpServer =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as McpServer).connect === 'function' &&
  typeof (value as McpServer).handle === 'function'

/**
 * Serves an `McpServer` (or a fetch handler, `(request) => Response`) in this process and returns the test
 * client: the fastest harness, with the same API and matchers as `mcpShell`.
 *
 * @example
 * const app = mcpInProcess(createServer(), { protocolVersion: '2026-07-28' })
 * await expect(app).toHaveTool('read_file')
 */
export function mcpInProcess(target: McpServer, options: MCPTestClientOptions = {}): McpTestClient {
  if (!isMcpServer(target)) throw new TypeError('mcpInProcess expects an McpServer')
  return new McpTestClient(inMemoryHarness(target), options)
}
