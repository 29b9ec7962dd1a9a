// The built bin as npm runs it (node bin/create-edgemcp.js), on bad input and with --no-install.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const bin = fileURLToPath(new URL('../bin/create-edgemcp.js', import.meta.url))
const root = mkdtempSync(join(tmpdir(), 'create-edgemcp-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const create = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [bin, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  })

describe('bad input', () => {
  it('an unknown template: exit 2, the names to choose from', () => {
    const r = create(['x', '--template', 'nope'])
    expect(r.status).toBe(2)
    expect(r.stderr).toContain('unknown template "nope": choose one of worker, worker-oauth, node, stdio')
  })

  it('a non-empty directory: exit 3, nothing written', () => {
    mkdirSync(join(root, 'full'))
    writeFileSync(join(root, 'full', 'notes.txt'), 'mine')
    const r = create(['full', '-t', 'node', '--no-install'])
    expect(r.status).toBe(3)
    expect(r.stderr).toContain('is not empty (notes.txt)')
    expect(readFileSync(join(root, 'full', 'notes.txt'), 'utf8')).toBe('mine')
  })

  it('an install that fails (no registry): exit 1, what to run', () => {
    const r = create(['offline', '-t', 'stdio', '--install'], {
      npm_config_registry: 'http://127.0.0.1:9/',
      npm_config_offline: 'true',
      npm_config_fetch_retries: '0',
    })
    expect(r.status).toBe(1)
    expect(r.stderr).toContain('the install failed')
    expect(r.stderr).toMatch(/cd offline\n\s+npm install/)
  })

  it('an unknown flag: exit 2 and the usage', () => {
    const r = create(['x', '--tempalte', 'node'])
    expect(r.status).toBe(2)
    expect(r.stderr).toMatch(/Unknown option '--tempalte'[\s\S]*Usage: npm create edgemcp@latest/)
  })

  it('a file where the directory should go: exit 3', () => {
    writeFileSync(join(root, 'a-file'), 'mine')
    const r = create(['a-file', '--yes'])
    expect(r.status).toBe(3)
    expect(r.stderr).toContain('a-file exists and is not a directory')
    expect(readFileSync(join(root, 'a-file'), 'utf8')).toBe('mine')
  })
})

it('--yes --no-install without a directory: the worker template in my-mcp-server', () => {
  const r = create(['--yes', '--no-install'])
  expect(r.status, r.stderr).toBe(0)
  expect(r.stdout).toContain('Created a worker project in my-mcp-server')
  expect(JSON.parse(readFileSync(join(root, 'my-mcp-server', 'package.json'), 'utf8')).name).toBe(
    'my-mcp-server',
  )
})

it.each(['worker', 'worker-oauth', 'node', 'stdio'])('--no-install writes %s and says what to run', (t) => {
  const r = create([`p-${t}`, '--template', t, '--no-install'])
  expect(r.status, r.stderr).toBe(0)
  expect(r.stdout).toContain(`cd p-${t}\n  npm install\n  npm run dev`)
  const pkg = JSON.parse(readFileSync(join(root, `p-${t}`, 'package.json'), 'utf8'))
  const ours = JSON.parse(readFileSync(new URL('../../core/package.json', import.meta.url), 'utf8'))
  expect(pkg.name).toBe(`p-${t}`)
  expect(pkg.dependencies['@edgemcp/core']).toBe(ours.version)
  expect(Object.values({ ...pkg.dependencies, ...pkg.devDependencies })).not.toContain('*')
  expect(readFileSync(join(root, `p-${t}`, '.gitignore'), 'utf8')).toContain('node_modules/')
})

/**
 * The CLI in a terminal (a pseudo-terminal from util-linux `script`, 120 columns): each time the screen shows
 * `prompt`, the keys are typed. Resolves with the exit code and the screen's text (escape sequences removed).
 */
function inTerminal(
  steps: Array<[prompt: RegExp, keys: string]>,
  env: Record<string, string> = {},
): Promise<{ code: number | null; screen: string }> {
  const command = `stty cols 120 rows 40; ${JSON.stringify(process.execPath)} ${JSON.stringify(bin)}`
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    cwd: root,
    env: { ...process.env, TERM: 'xterm-256color', CI: '', ...env },
  })
  let screen = ''
  let since = ''
  const pending = [...steps]
  const onData = (d: Buffer) => {
    screen += String(d)
    since += String(d)
    const next = pending[0]
    if (next?.[0].test(stripVTControlCharacters(since))) {
      pending.shift()
      since = ''
      setTimeout(() => child.stdin.write(next[1]), 50)
    }
  }
  child.stdout.on('data', onData)
  child.stderr.on('data', onData)
  // A prompt that never comes: the screen so far, instead of a hang.
  const guard = setTimeout(() => child.kill('SIGKILL'), 60_000)
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(guard)
      const left = pending.map(([prompt]) => `never saw ${prompt}`).join('\n')
      resolve({ code: left === '' ? code : null, screen: `${left}\n${stripVTControlCharacters(screen)}` })
    }),
  )
}

const DOWN = '\x1b[B'
const RIGHT = '\x1b[C'

describe.runIf(process.platform === 'linux')('in a terminal', () => {
  it('asks for the directory, the template and the install, and writes what was chosen', async () => {
    const r = await inTerminal([
      [/Where should the project go\?/, 'asked\r'],
      [/Which template\?/, `${DOWN}${DOWN}\r`], // worker, worker-oauth, node
      [/Install dependencies now\?/, `${RIGHT}\r`], // No
    ])
    expect(r.code, r.screen).toBe(0)
    expect(r.screen).toContain('Created a node project in asked')
    expect(r.screen).toMatch(/Next steps[\s\S]*cd asked[\s\S]*npm install[\s\S]*npm run dev/)
    expect(JSON.parse(readFileSync(join(root, 'asked', 'package.json'), 'utf8')).name).toBe('asked')
    expect(readFileSync(join(root, 'asked', 'src', 'main.ts'), 'utf8')).toContain('serve(')
  })

  it('refuses a non-empty directory at the prompt and takes another', async () => {
    mkdirSync(join(root, 'taken'))
    writeFileSync(join(root, 'taken', 'x'), '')
    const r = await inTerminal([
      [/Where should the project go\?/, 'taken\r'],
      [/is not empty \(x\)/, '\x7f'.repeat(5) + 'fresh\r'],
      [/Which template\?/, '\r'],
      [/Install dependencies now\?/, `${RIGHT}\r`],
    ])
    expect(r.code, r.screen).toBe(0)
    expect(r.screen).toContain('Created a worker project in fresh')
    expect(existsSync(join(root, 'fresh', 'wrangler.jsonc'))).toBe(true)
  })

  it('installs with a spinner; without the network, exit 1 and what to run', async () => {
    const r = await inTerminal(
      [
        [/Where should the project go\?/, 'spun\r'],
        [/Which template\?/, `${DOWN}${DOWN}${DOWN}\r`], // stdio
        [/Install dependencies now\?/, '\r'], // Yes
      ],
      {
        npm_config_registry: 'http://127.0.0.1:9/',
        npm_config_offline: 'true',
        npm_config_fetch_retries: '0',
      },
    )
    expect(r.code, r.screen).toBe(1)
    expect(r.screen).toContain('Installing dependencies (npm install)')
    expect(r.screen).toContain('Install failed')
    expect(r.screen).toMatch(/the install failed \(no network\? see above\)[\s\S]*cd spun\r?\n\s+npm install/)
    expect(existsSync(join(root, 'spun', 'src', 'main.ts'))).toBe(true)
  })

  it('Ctrl-C at a prompt: exit 130, nothing written', async () => {
    const r = await inTerminal([
      [/Where should the project go\?/, 'never\r'],
      [/Which template\?/, '\x03'],
    ])
    expect(r.code, r.screen).toBe(130)
    expect(r.screen).toContain('Cancelled: nothing was written.')
    expect(existsSync(join(root, 'never'))).toBe(false)
  })
})
