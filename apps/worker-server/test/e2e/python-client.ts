import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { pythonWithMcp } from '@edgemcp/test-helpers/python'

const run = promisify(execFile)

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
  const python = await pythonWithMcp()
  const script = fileURLToPath(new URL('./apps_client.py', import.meta.url))
  const { stdout } = await run(python, [script, url, mode, declare ? '1' : '0'], { timeout: 60_000 })
  return JSON.parse(stdout) as PythonReport
}
