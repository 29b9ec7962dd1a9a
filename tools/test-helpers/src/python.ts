import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { installOnce, run } from './install-once.js'

export const PYTHON_MCP_VERSION = '2.3.0'

// This machine's Python package index is local (pip's configured extra indexes). pip's default index is the
// public one, which is not reachable here: asking it first costs minutes of retries per package, so the
// install names the local indexes only, when they exist.
function indexArgs(): string[] {
  const local = ['/opt/pypi/simple', '/opt/pypi-more/simple'].filter((dir) => existsSync(dir))
  if (local.length === 0) return []
  const [first, ...rest] = local
  return ['--index-url', `file://${first}`, ...rest.flatMap((dir) => ['--extra-index-url', `file://${dir}`])]
}

let ready: Promise<string> | undefined

/**
 * The path of a `python` that imports `mcp` (the official Python SDK, version 2.3.0). Made under the OS
 * temporary directory on first use (about 5 s), then reused by every test of the machine.
 */
export function pythonWithMcp(): Promise<string> {
  ready ??= install()
  return ready
}

async function install(): Promise<string> {
  const dir = join(tmpdir(), `edgemcp-python-mcp-${PYTHON_MCP_VERSION}`)
  const python = join(dir, 'bin', 'python')
  await installOnce(dir, async () => {
    await run('python3', ['-m', 'venv', dir], 120_000)
    await run(python, ['-m', 'pip', 'install', '-q', ...indexArgs(), `mcp==${PYTHON_MCP_VERSION}`], 600_000)
    await run(python, ['-c', 'import mcp'], 60_000)
  })
  return python
}
