import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const MCP = 'mcp==2.3.0'
/** The venv of the official Python SDK, made once per machine and reused (under the OS temporary directory). */
const VENV = join(tmpdir(), 'edgemcp-python-mcp-2.3.0')
const python = join(VENV, 'bin', 'python')
let ready: Promise<void> | undefined

/** Creates the venv with mcp==2.3.0 from the machine's Python index unless it is already there. */
function ensureVenv(): Promise<void> {
  ready ??= (async () => {
    const check = ['-c', `import importlib.metadata as m; assert m.version('mcp') == '2.3.0'`]
    if (
      existsSync(python) &&
      (await run(python, check).then(
        () => true,
        () => false,
      ))
    )
      return
    await run('python3', ['-m', 'venv', '--clear', VENV])
    // No retries: an index that cannot be reached fails at once (pip's local index and wheels are configured).
    await run(join(VENV, 'bin', 'pip'), ['install', '--quiet', '--retries', '0', MCP], { timeout: 240_000 })
  })()
  return ready
}

export interface PythonReport {
  protocolVersion: string
  meta: Record<string, unknown> | null
  mimeType?: string
  text: string
}

/** Runs apps_client.py (the official SDK's `Client`) against `url` in `mode`, declaring the extension or not. */
export async function runPythonClient(
  url: string,
  { mode, declare }: { mode: 'legacy' | '2026-07-28'; declare: boolean },
): Promise<PythonReport> {
  await ensureVenv()
  const script = fileURLToPath(new URL('./apps_client.py', import.meta.url))
  const { stdout } = await run(python, [script, url, mode, declare ? '1' : '0'], { timeout: 60_000 })
  return JSON.parse(stdout) as PythonReport
}
