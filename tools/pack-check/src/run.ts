import { type SpawnOptions, spawn } from 'node:child_process'

export interface RunResult {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/**
 * The environment for a process that must behave as in a user's project: without the `npm_*` variables npm
 * sets for the script running this test (npm_config_workspace, local prefix, …), which would point npm at
 * this repository.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^npm_/i.test(k) && k !== 'INIT_CWD' && k !== 'NODE_OPTIONS' && !k.startsWith('VITEST')) env[k] = v
  }
  return { ...env, ...extra }
}

/** Runs a command to its end and collects its output; never rejects for a non-zero exit. */
export function run(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options })
    let stdout = ''
    let stderr = ''
    child.stdout?.on('data', (d) => (stdout += String(d)))
    child.stderr?.on('data', (d) => (stderr += String(d)))
    child.once('error', reject)
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }))
  })
}

/** Runs a command and throws with its output when it fails. */
export async function runOk(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): Promise<string> {
  const r = await run(command, args, options)
  if (r.code !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${r.code ?? r.signal}) in ${String(options.cwd ?? '.')}:\n${r.stdout}\n${r.stderr}`,
    )
  return r.stdout
}
