import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PackedPackage } from './pack.js'
import { exampleSource, type TsExample } from './readme-blocks.js'
import { cleanEnv, runOk } from './run.js'
import type { Variant } from './variants.js'

/**
 * Everything lives under the OS temporary directory, outside this repository: npm must not see the workspace
 * root, and Node must not resolve a package from the repository's node_modules that the user would not have.
 */
export const cacheRoot = join(tmpdir(), 'edgemcp-pack-check')
const template = fileURLToPath(new URL('../consumer', import.meta.url))

/** What the consumer project needs besides the packages and their peers (a user would install these too). */
export const CONSUMER_DEV_DEPENDENCIES: Record<string, string> = {
  '@types/node': '^20.19.0',
  zod: '^4.0.0',
  // The OpenTelemetry SDK of the tracing guide and @edgemcp/otel's README (Node), and the Workers setup of the
  // guide: otel-cf-workers 1.0.0-rc.52 with the semantic-conventions it still imports names of (1.34).
  '@opentelemetry/context-async-hooks': '^2.0.0',
  '@opentelemetry/core': '^2.0.0',
  '@opentelemetry/exporter-metrics-otlp-http': '^0.208.0',
  '@opentelemetry/exporter-trace-otlp-http': '^0.208.0',
  '@opentelemetry/sdk-metrics': '^2.0.0',
  '@opentelemetry/sdk-trace-base': '^2.0.0',
  '@microlabs/otel-cf-workers': '1.0.0-rc.52',
  '@opentelemetry/semantic-conventions': '~1.34.0',
  // The Deno and Bun binaries, from the npm registry (Linux x64), for the README's ```ts deno / bun examples.
  '@deno/linux-x64-glibc': '^2.9.0',
  '@oven/bun-linux-x64': '^1.4.0',
  // The stdio server of @edgemcp/testing's mcpShell example.
  '@modelcontextprotocol/server-everything': '^2026.8.31',
}

/** The package.json of a consumer project: every tarball, the peers of the variant, the dev tools. */
export function consumerPackageJson(packed: readonly PackedPackage[], variant: Variant): object {
  return {
    name: `edgemcp-consumer-${variant.name}`,
    private: true,
    type: 'module',
    dependencies: {
      ...Object.fromEntries(packed.map((p) => [p.name, `file:${p.tarball}`])),
      ...variant.peers,
    },
    devDependencies: CONSUMER_DEV_DEPENDENCIES,
  }
}

/**
 * Installs (once per variant and set of tarballs: later runs reuse it) and returns the install's directory.
 * The tarballs are kept under their sha256 (an install refers to them by path); the install is made in a
 * directory of its own and renamed into place, so two runs at once (other worktrees) never share a half-done
 * install. Installs unused for a day are removed.
 */
export async function installVariant(packed: readonly PackedPackage[], variant: Variant): Promise<string> {
  const tarballs = join(cacheRoot, 'tarballs')
  mkdirSync(tarballs, { recursive: true })
  const kept = packed.map((p) => {
    const tarball = join(tarballs, `${p.sha256}.tgz`)
    if (!existsSync(tarball)) cpSync(p.tarball, tarball)
    return { ...p, tarball }
  })
  const pkgJson = consumerPackageJson(kept, variant)
  const key = createHash('sha256')
    .update(JSON.stringify(pkgJson))
    // The newest variant asks npm for the newest versions again each day.
    .update(variant.name === 'newest' ? new Date().toISOString().slice(0, 10) : '')
    .digest('hex')
    .slice(0, 16)
  const installs = join(cacheRoot, 'installs')
  const dir = join(installs, `${variant.name}-${key}`)
  mkdirSync(installs, { recursive: true })
  pruneInstalls(installs)
  if (existsSync(join(dir, 'node_modules'))) {
    utimesSync(dir, new Date(), new Date())
    return dir
  }
  const building = mkdtempSync(join(installs, `.building-${variant.name}-`))
  try {
    writeFileSync(join(building, 'package.json'), `${JSON.stringify(pkgJson, null, 2)}\n`)
    await runOk('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
      cwd: building,
      env: cleanEnv(),
    })
    try {
      renameSync(building, dir)
    } catch (error) {
      // Another run finished the same install first: use that one.
      if (!existsSync(join(dir, 'node_modules'))) throw error
    }
    return dir
  } finally {
    rmSync(building, { recursive: true, force: true })
  }
}

function pruneInstalls(installs: string): void {
  const dayAgo = Date.now() - 24 * 3600_000
  for (const name of readdirSync(installs)) {
    const path = join(installs, name)
    try {
      if (statSync(path).mtimeMs < dayAgo) rmSync(path, { recursive: true, force: true })
    } catch {
      // Removed by another run meanwhile.
    }
  }
}

/** Where an example goes in a project: Node ones in readme/, Worker ones in readme-worker/, Deno and Bun ones
 * in readme-runtime/ (no tsconfig includes it: those runtimes' globals are not Node's). */
export function exampleDir(example: TsExample): string {
  return example.env === 'node' ? 'readme' : example.env === 'worker' ? 'readme-worker' : 'readme-runtime'
}

/**
 * A fresh project directory for one run: the consumer template (sources, tsconfigs, the Vitest file), the
 * documentation's TypeScript examples (Node ones in readme/, Worker ones in readme-worker/) and a symlink to
 * the install's node_modules.
 */
export function createProject(install: string, examples: readonly TsExample[]): string {
  const dir = mkdtempSync(join(cacheRoot, 'run-'))
  cpSync(template, dir, { recursive: true })
  cpSync(join(install, 'package.json'), join(dir, 'package.json'))
  symlinkSync(join(install, 'node_modules'), join(dir, 'node_modules'), 'dir')
  for (const sub of ['readme', 'readme-worker', 'readme-runtime']) mkdirSync(join(dir, sub))
  for (const example of examples)
    writeFileSync(join(dir, exampleDir(example), example.fileName), exampleSource(example))
  return dir
}
