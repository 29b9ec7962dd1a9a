// The @edgemcp packages as a user's npm gets them from the registry, but from this repository's packed
// tarballs: `npm pack` of each, served by a registry on 127.0.0.1 for the @edgemcp scope only (npm's
// `@edgemcp:registry`), so everything else still comes from the real registry and npm's cache.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))

export interface Packed {
  name: string
  version: string
  /** The tarball, under a path named by its sha256 (npm's npx cache is keyed by the path). */
  tarball: string
  json: Record<string, unknown> & { dependencies?: Record<string, string> }
}

/** The environment of a user's shell: none of the `npm_*` variables that the npm running this test set. */
export function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env))
    if (!/^npm_/i.test(k) && k !== 'INIT_CWD' && k !== 'NODE_OPTIONS' && !k.startsWith('VITEST')) env[k] = v
  return { ...env, ...extra }
}

/**
 * Set in the environment of everything the e2e starts. The e2e refuses to start when it is already set: a
 * command that ended up in this package instead of a created project (`npm test` here runs the e2e) stops
 * at once instead of starting the e2e again and again.
 */
export const GUARD = 'CREATE_EDGEMCP_E2E_RUNNING'

/** Refuses to go on when an e2e is already running above this process. */
export function refuseNested(): void {
  if (process.env[GUARD] !== undefined)
    throw new Error(`${GUARD} is set: the create-edgemcp e2e started from inside itself; stopping here`)
}

const inside = (dir: string, parent: string) => {
  const r = relative(realpathSync(parent), realpathSync(dir))
  return r !== '' && !r.startsWith(`..${sep}`) && r !== '..'
}

/** Throws unless `dir` is strictly under the system's temporary directory and outside this repository. */
export function assertScratch(dir: string): void {
  if (!inside(dir, tmpdir()) || inside(dir, repoRoot) || realpathSync(dir) === realpathSync(repoRoot))
    throw new Error(`${dir}: the e2e runs commands only in temporary directories outside the repository`)
}

export interface Run {
  code: number | null
  output: string
}

/**
 * Runs a command to its end (stdout and stderr together); never rejects for a non-zero exit. Only in a
 * temporary directory (assertScratch), but for `npm pack` in the repository; always with GUARD set.
 */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; inRepo?: 'npm pack' },
) {
  if (options.inRepo === 'npm pack') {
    if (command !== 'npm' || args[0] !== 'pack') throw new Error('only npm pack runs in the repository')
  } else assertScratch(options.cwd)
  return new Promise<Run>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...(options.env ?? userEnv()), [GUARD]: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d) => (output += String(d)))
    child.stderr.on('data', (d) => (output += String(d)))
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, output }))
  })
}

const workspacePackage = (dir: string) =>
  JSON.parse(readFileSync(join(repoRoot, 'packages', dir, 'package.json'), 'utf8'))

/** `npm pack` of `dirs` (under packages/) in one npm run, each tarball kept under its sha256 in `keep`. */
export async function pack(dirs: readonly string[], keep: string): Promise<Packed[]> {
  const out = mkdtempSync(join(tmpdir(), 'create-edgemcp-pack-'))
  try {
    const r = await run(
      'npm',
      [
        'pack',
        '--json',
        '--ignore-scripts',
        '--pack-destination',
        out,
        ...dirs.map((d) => `--workspace=packages/${d}`),
      ],
      { cwd: repoRoot, inRepo: 'npm pack' },
    )
    if (r.code !== 0) throw new Error(`npm pack failed:\n${r.output}`)
    const entries = JSON.parse(r.output.slice(r.output.indexOf('['))) as Array<{
      name: string
      filename: string
    }>
    mkdirSync(keep, { recursive: true })
    return dirs.map((dir) => {
      const json = workspacePackage(dir)
      const entry = entries.find((e) => e.name === json.name)
      if (!entry) throw new Error(`npm pack did not pack ${json.name}`)
      const sha = createHash('sha256')
        .update(readFileSync(join(out, entry.filename)))
        .digest('hex')
      const tarball = join(keep, `${sha.slice(0, 32)}.tgz`)
      if (!existsSync(tarball)) copyFileSync(join(out, entry.filename), tarball)
      return { name: json.name, version: json.version, tarball, json }
    })
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}

/** The directories under packages/ of `names` and of every @edgemcp package they depend on. */
export function withSiblings(names: readonly string[]): string[] {
  const byName = new Map<string, string>()
  for (const dir of readdirSync(join(repoRoot, 'packages')))
    if (existsSync(join(repoRoot, 'packages', dir, 'package.json')))
      byName.set(workspacePackage(dir).name, dir)
  const found = new Set<string>()
  const add = (name: string) => {
    const dir = byName.get(name)
    if (dir === undefined) throw new Error(`${name} is not a package of this repository`)
    if (found.has(dir)) return
    found.add(dir)
    const json = workspacePackage(dir)
    for (const dep of Object.keys({ ...json.dependencies, ...json.peerDependencies }))
      if (dep.startsWith('@edgemcp/')) add(dep)
  }
  for (const name of names) add(name)
  return [...found].sort()
}

export interface Registry {
  /** http://127.0.0.1:<port>/ */
  url: string
  close: () => Promise<void>
}

/** A registry for the packed packages only: their packuments (one version each) and tarballs. */
export async function serveRegistry(packed: readonly Packed[]): Promise<Registry> {
  const files = new Map<string, string>()
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).slice(1)
    const tarball = files.get(path)
    if (tarball !== undefined) {
      res.writeHead(200, { 'content-type': 'application/octet-stream' })
      res.end(readFileSync(tarball))
      return
    }
    const pkg = packed.find((p) => p.name === path)
    if (pkg === undefined) {
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: 'not found' }))
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(packument(pkg)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  const url = `http://127.0.0.1:${port}/`
  const packument = (p: Packed) => {
    const bytes = readFileSync(p.tarball)
    const file = `${p.name}/-/${p.name.split('/')[1]}-${p.version}.tgz`
    files.set(file, p.tarball)
    const { scripts: _scripts, devDependencies: _dev, ...json } = p.json
    return {
      name: p.name,
      'dist-tags': { latest: p.version },
      versions: {
        [p.version]: {
          ...json,
          _id: `${p.name}@${p.version}`,
          dist: {
            tarball: `${url}${file}`,
            shasum: createHash('sha1').update(bytes).digest('hex'),
            integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
          },
        },
      },
    }
  }
  // Registered up front: a tarball may be asked for before its packument in a later run's npm.
  for (const p of packed) packument(p)
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
