import { spawn } from 'node:child_process'
import type { PackageManager } from './package-manager.js'

export interface InstallResult {
  ok: boolean
  /** The end of what the package manager printed, for the error message. */
  output: string
}

/** Runs `<pm> install` in `dir`, quietly; never rejects. */
export function install(pm: PackageManager, dir: string): Promise<InstallResult> {
  return new Promise((resolve) => {
    const args = pm === 'npm' ? ['install', '--no-fund', '--no-audit', '--loglevel=error'] : ['install']
    let output = ''
    const keep = (d: Buffer) => {
      output = (output + String(d)).slice(-4000)
    }
    const child = spawn(pm, args, {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      // On Windows npm is npm.cmd.
      shell: process.platform === 'win32',
    })
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    child.once('error', (error) => resolve({ ok: false, output: error.message }))
    child.once('close', (code) => resolve({ ok: code === 0, output: output.trim() }))
  })
}
