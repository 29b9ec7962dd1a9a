import { NonJsonLineError, StdioClientTransport } from '@edgemcp/stdio'
import { McpTestClient } from '../client/test-client.js'
import type { MCPStdinSubprocessOptions } from '../types.js'
import type { Harness, HarnessExit } from './harness.js'

/** A stdio server spawned from a shell command line (or a program and its arguments), stderr captured. */
export function shellHarness(
  command: string,
  options: MCPStdinSubprocessOptions,
  args?: readonly string[],
): Harness {
  const transport = new StdioClientTransport({
    command,
    ...(args ? { args } : { shell: true }),
    stderr: 'pipe',
    ...(options.env ? { env: options.env } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
  })
  const logger = options.logger ?? ((line: string) => console.log(line))
  return {
    transport,
    label: `MCP server \`${transport.commandLine}\``,
    async prepare() {
      if (options.allowDebugLogging)
        transport.stderr?.on('data', (chunk: Buffer) => {
          for (const line of chunk.toString('utf8').split('\n')) if (line) logger(`[mcp stderr] ${line}`)
        })
    },
    async shutdown(timeoutMs): Promise<HarnessExit> {
      const exit = await transport.shutdown({ timeoutMs })
      return exit ?? { code: 0, signal: null, forced: false }
    },
    async kill() {
      transport.kill('SIGKILL')
      return transport.waitForExit()
    },
    waitForExit: () => transport.waitForExit(),
    stderr: () => transport.stderrText,
    tolerate: (e) => e instanceof NonJsonLineError,
  }
}

/**
 * Spawns an MCP server over stdio (the command runs through the shell, as in expect-mcp) and returns the
 * test client. The process starts at once; errors surface on the first request.
 *
 * @example
 * const app = mcpShell('node file-server.js', { requestTimeout: 10_000 })
 * await app.initialize()
 * await expect(app).toHaveTool('read_file')
 * await app.close()
 */
export function mcpShell(command: string, options: MCPStdinSubprocessOptions = {}): McpTestClient {
  const client = new McpTestClient(shellHarness(command, options), options)
  client.connect().catch(() => {})
  return client
}

/**
 * Spawns `command` with `args` directly, without a shell (expect-mcp's `shellCommand`).
 *
 * @example
 * const app = shellCommand('node', ['file-server.js'])
 */
export function shellCommand(
  command: string,
  args: readonly string[] = [],
  options: MCPStdinSubprocessOptions = {},
): McpTestClient {
  const client = new McpTestClient(shellHarness(command, options, args), options)
  client.connect().catch(() => {})
  return client
}
