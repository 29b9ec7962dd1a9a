// Locate and drive the official conformance CLI (@modelcontextprotocol/conformance).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
export const SHIM_PATH = path.resolve(here, '..', 'node20-shim.mjs')

/**
 * Directory of the installed conformance package. `CONFORMANCE_PACKAGE_DIR` overrides the lookup
 * (useful to try another install without touching the workspace).
 */
export function conformancePackageDir() {
  const override = process.env.CONFORMANCE_PACKAGE_DIR
  if (override) return path.resolve(override)
  const require = createRequire(import.meta.url)
  return path.dirname(require.resolve('@modelcontextprotocol/conformance/package.json'))
}

export function conformanceVersion(pkgDir = conformancePackageDir()) {
  return JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).version
}

/** Node arguments that run the CLI; adds the fs.globSync shim only where Node lacks it (< 22). */
export function cliNodeArgs(pkgDir = conformancePackageDir()) {
  const entry = path.join(pkgDir, 'dist', 'index.js')
  return typeof fs.globSync === 'function' ? [entry] : ['--import', SHIM_PATH, entry]
}

/**
 * Load the frozen requirement set `revision` shipped with the package (its YAML contract), for one leg:
 * `server` (default) or `client`.
 */
export function loadRequirementSet(revision, pkgDir = conformancePackageDir(), leg = 'server') {
  const file = path.join(pkgDir, 'requirements', `${revision}.yaml`)
  if (!fs.existsSync(file)) throw new Error(`no requirement set ${revision} in ${pkgDir}/requirements`)
  const require = createRequire(path.join(pkgDir, 'package.json'))
  const { parse } = require('yaml')
  return requirementSetFromYaml(revision, parse(fs.readFileSync(file, 'utf8')) ?? {}, leg)
}

/** One leg's view of a parsed requirement YAML: scored names and not-scored names with reasons. */
export function requirementSetFromYaml(revision, doc, leg = 'server') {
  const scored = Array.isArray(doc[leg]) ? doc[leg].filter((s) => typeof s === 'string') : []
  const notScored = (Array.isArray(doc.not_scored) ? doc.not_scored : [])
    .filter((e) => e && e.leg === leg && typeof e.scenario === 'string')
    .map((e) => ({ scenario: e.scenario, reason: String(e.reason ?? 'not scored') }))
  return { revision, scored, notScored }
}

/**
 * CLI arguments for one target: a whole requirement set, or one scenario at one spec version (`force`: run it
 * even where the CLI deems it not applicable there, as extension scenarios are).
 */
export function cliArgsForTarget(target, { url, outputDir, timeoutMs, force = false }) {
  const args = ['server', '--url', url, '-o', outputDir]
  if (timeoutMs) args.push('--timeout', String(timeoutMs))
  if (target.kind === 'requirements') return [...args, '--requirements', target.revision]
  const scenarioArgs = [...args, '--scenario', target.scenario]
  if (target.specVersion) scenarioArgs.push('--spec-version', target.specVersion)
  return force ? [...scenarioArgs, '--force'] : scenarioArgs
}

/** Run the CLI to completion; resolves with its exit code and combined output. */
export function runCli(args, { pkgDir, onOutput } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cliNodeArgs(pkgDir), ...args], {
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const collect = (chunk) => {
      const text = chunk.toString()
      output += text
      onOutput?.(text)
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    child.once('error', reject)
    child.once('exit', (code, signal) => resolve({ code: code ?? 1, signal, output }))
  })
}
