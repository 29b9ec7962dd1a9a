import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { goldenDir } from './support/golden.js'
import { packageRoot } from './support/typecheck.js'

const cli = join(packageRoot, 'dist', 'cli.js')
let dir: string

interface Outcome {
  code: number
  stdout: string
  stderr: string
}

/** Runs the built bin as a subprocess, in the test's temporary directory. */
function run(
  args: string[],
  options: { env?: Record<string, string>; input?: string } = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [cli, ...args],
      { cwd: dir, env: { PATH: process.env.PATH ?? '', ...options.env }, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 2) : 0
        resolve({ code, stdout, stderr })
      },
    )
    child.stdin?.end(options.input ?? '')
  })
}

const basic = readFileSync(join(goldenDir, 'basic', 'tools.json'), 'utf8')
const write = (name: string, text: string): void => writeFileSync(join(dir, name), text)
const read = (name: string): string => readFileSync(join(dir, name), 'utf8')
const leftovers = (sub = ''): string[] => readdirSync(join(dir, sub)).filter((f) => f.endsWith('.tmp'))

beforeAll(() => {
  if (!existsSync(cli)) throw new Error(`build first: ${cli} is missing (npm run build -w @edgemcp/codegen)`)
  dir = mkdtempSync(join(tmpdir(), 'edgemcp-codegen-cli-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('edgemcp-codegen (subprocess)', () => {
  it('prints help with examples and exits 0', async () => {
    const { code, stdout } = await run(['--help'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/Usage:/)
    expect(stdout).toMatch(/Examples:\n {2}edgemcp-codegen https:/)
  })

  it('generates from a file exactly what the golden test expects, with progress lines', async () => {
    write('tools.json', basic)
    const { code, stderr } = await run(['tools.json', '-o', 'client.ts'])
    expect(code).toBe(0)
    expect(read('client.ts')).toBe(readFileSync(join(goldenDir, 'basic', 'client.ts'), 'utf8'))
    // (Between them, the packages the test directory cannot import: see item 6's test below.)
    expect(stderr).toMatch(
      /read 3 tools from tools\.json\n(.*warning: .* is not installed .*\n)*.*writing client\.ts\n.*wrote 3 tools\n$/,
    )
    expect(leftovers()).toEqual([])
  })

  it('--check passes on a fresh output and fails with a unified diff after a schema change', async () => {
    write('tools.json', basic)
    expect((await run(['tools.json', '-o', 'client.ts'])).code).toBe(0)
    const fresh = await run(['tools.json', '-o', 'client.ts', '--check'])
    expect(fresh.code).toBe(0)
    expect(fresh.stdout).toBe('')

    write('tools.json', basic.replace('"sum": { "type": "number" }', '"sum": { "type": "string" }'))
    const before = read('client.ts')
    const drift = await run(['tools.json', '-o', 'client.ts', '--check'])
    expect(drift.code).toBe(1)
    expect(drift.stdout).toMatch(/^--- a\/client\.ts\n\+\+\+ b\/client\.ts\n@@ /)
    expect(drift.stdout).toMatch(/^- {2}sum: number;$/m)
    expect(drift.stdout).toMatch(/^\+ {2}sum: string;$/m)
    expect(drift.stdout).toMatch(/^-\/\/ Input sha256: /m)
    expect(read('client.ts')).toBe(before)
  })

  it.each([
    { what: 'bad JSON', input: '{ "tools": [', want: /bad\.json is not valid JSON/ },
    {
      what: 'an invalid tools/list',
      input: '{ "tools": [{ "title": "x" }] }',
      want: /tools\[0\]\.name must be/,
    },
    {
      what: 'a server error envelope',
      input: '{ "jsonrpc": "2.0", "id": 1, "error": { "code": -32603, "message": "boom" } }',
      want: /server answered with error -32603: boom/,
    },
  ])('fails on $what with one line and exit 2, leaving the old output alone', async ({ input, want }) => {
    write('good.json', basic)
    expect((await run(['good.json', '-o', 'kept.ts', '-q'])).code).toBe(0)
    const kept = read('kept.ts')
    write('bad.json', input)
    const { code, stdout, stderr } = await run(['bad.json', '-o', 'kept.ts'])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toMatch(want)
    expect(stderr.trimEnd().split('\n')).toHaveLength(1)
    expect(read('kept.ts')).toBe(kept)
    expect(leftovers()).toEqual([])
  })

  it.each([
    { args: ['missing.json'], want: /cannot read missing\.json: no such file/ },
    { args: ['--bogus'], want: /Unknown option '--bogus'/ },
    { args: [], want: /no input/ },
    {
      args: ['http://127.0.0.1:9/mcp', '--timeout', '2000'],
      want: /cannot connect to http:\/\/127\.0\.0\.1:9\/mcp/,
    },
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the CLI's own ${VAR} syntax
    { args: ['http://127.0.0.1:9/mcp', '-H', 'Authorization: Bearer ${NOPE}'], want: /NOPE is not set/ },
    { args: ['x.json', '--with', 'tools'], want: /--with takes prompts and\/or resources/ },
    { args: ['x.json', '--rename', 'a=class'], want: /not a usable function name/ },
  ])('exits 2 with one line for $args', async ({ args, want }) => {
    const { code, stderr } = await run(args)
    expect(code).toBe(2)
    expect(stderr).toMatch(want)
    expect(stderr.split('\n').filter((l) => l.includes('error:'))).toHaveLength(1)
  })

  it('writes atomically: a failed rename leaves no temporary file behind', async () => {
    write('tools.json', basic)
    rmSync(join(dir, 'taken'), { recursive: true, force: true })
    writeFileSync(join(dir, 'placeholder'), '')
    // The output path is an existing directory, so the final rename fails after the temp file was written.
    await run(['tools.json', '-o', 'taken/x.ts', '-q'])
    const { code, stderr } = await run(['tools.json', '-o', 'taken', '-q'])
    expect(code).toBe(2)
    expect(stderr).toMatch(/^edgemcp-codegen: error: .*taken/)
    expect(leftovers()).toEqual([])
    expect(readdirSync(join(dir, 'taken'))).toEqual(['x.ts'])
  })

  it('--split writes one module per tool, removes stale ones, and --check covers them', async () => {
    write('tools.json', basic)
    expect((await run(['tools.json', '--split', 'gen', '-q'])).code).toBe(0)
    expect(readdirSync(join(dir, 'gen', 'tools')).sort()).toEqual(['echo.ts', 'get-sum.ts', 'ping.ts'])
    writeFileSync(join(dir, 'gen', 'mine.ts'), 'export const handWritten = 1\n')
    expect((await run(['tools.json', '--split', 'gen', '--check'])).code).toBe(0)

    const fewer = JSON.parse(basic) as { tools: Array<{ name: string }> }
    fewer.tools = fewer.tools.filter((t) => t.name !== 'ping')
    write('fewer.json', JSON.stringify(fewer))
    const drift = await run(['fewer.json', '--split', 'gen', '--check'])
    expect(drift.code).toBe(1)
    expect(drift.stdout).toMatch(/^--- a\/gen\/tools\/ping\.ts\n\+\+\+ \/dev\/null$/m)
    expect((await run(['fewer.json', '--split', 'gen', '-q'])).code).toBe(0)
    expect(readdirSync(join(dir, 'gen', 'tools')).sort()).toEqual(['echo.ts', 'get-sum.ts'])
    expect(read('gen/mine.ts')).toBe('export const handWritten = 1\n')
  })

  it('--snapshot saves a listing that regenerates the same types; stdin works as input', async () => {
    write('tools.json', basic)
    expect((await run(['tools.json', '-o', 'a.ts', '--snapshot', 'snap.json', '-q'])).code).toBe(0)
    // The snapshot records its source, so what is generated from it names the same source: the same bytes.
    expect(JSON.parse(read('snap.json'))).toEqual({ source: 'tools.json', ...JSON.parse(basic) })
    expect((await run(['-', '-o', 'b.ts', '-q'], { input: read('snap.json') })).code).toBe(0)
    expect(read('b.ts')).toBe(read('a.ts'))
    expect(read('b.ts')).toMatch(/^\/\/ DO NOT EDIT: generated by edgemcp-codegen from tools\.json\n/)
    // A listing without a recorded source names where it was read from.
    expect((await run(['-', '-o', 'c.ts', '-q'], { input: basic })).code).toBe(0)
    expect(read('c.ts')).toMatch(/^\/\/ DO NOT EDIT: generated by edgemcp-codegen from standard input\n/)
    expect(read('c.ts').split('\n').slice(1).join('\n')).toBe(read('a.ts').split('\n').slice(1).join('\n'))
  })

  it('--validate says to install @cfworker/json-schema when the output directory cannot import it', async () => {
    write('tools.json', basic)
    // The test directory is outside any project: nothing there resolves @cfworker/json-schema.
    const { code, stderr } = await run(['tools.json', '-o', 'validated.ts', '--validate'])
    expect(code).toBe(0)
    expect(stderr).toContain(
      'edgemcp-codegen: warning: the --validate output imports @cfworker/json-schema, which is not installed ' +
        'where it is written: add it to your project (npm i @cfworker/json-schema)',
    )
    expect(read('validated.ts')).toMatch(/from '@cfworker\/json-schema'/)
    // Without --validate there is nothing to install.
    expect((await run(['tools.json', '-o', 'plain.ts'])).stderr).not.toContain('@cfworker/json-schema')
  })

  it('says which imported packages the output directory cannot resolve, with the install command (item 6)', async () => {
    write('tools.json', basic)
    // The test directory is outside any project: neither @edgemcp/core nor @edgemcp/sse resolves there.
    const outside = await run(['tools.json', '-o', 'client.ts'])
    expect(outside.code).toBe(0)
    expect(read('client.ts')).toMatch(/from '@edgemcp\/sse'/)
    for (const name of ['@edgemcp/core', '@edgemcp/sse'])
      expect(outside.stderr).toContain(
        `edgemcp-codegen: warning: the generated code imports ${name}, which is not installed where it is ` +
          `written: add it to your project (npm i ${name})\n`,
      )
    // Inside this package both resolve (its node_modules and the workspace's): no warning.
    const inside = mkdtempSync(join(packageRoot, '.tmp-cli-'))
    try {
      const { code, stderr } = await run(['tools.json', '-o', join(inside, 'client.ts')])
      expect(code).toBe(0)
      expect(stderr).not.toContain('is not installed')
    } finally {
      rmSync(inside, { recursive: true, force: true })
    }
  })

  it('warns on one line each about schemas it cannot type exactly', async () => {
    write('refs.json', readFileSync(join(goldenDir, 'refs', 'tools.json'), 'utf8'))
    const { code, stderr } = await run(['refs.json', '-o', 'refs.ts'])
    expect(code).toBe(0)
    const warnings = stderr
      .split('\n')
      .filter((l) => l.startsWith('edgemcp-codegen: warning: ') && !l.includes('is not installed'))
    expect(warnings).toEqual([
      expect.stringMatching(
        /pointers inputSchema: external reference "https:\/\/example\.com\/schemas\/thing\.json"/,
      ),
      expect.stringMatching(/pointers inputSchema: reference "#\/\$defs\/Missing" points at nothing/),
      expect.stringMatching(/Loop2 refers to Loop only through aliases/),
    ])
  })

  it('--include/--exclude and --rename shape the output', async () => {
    write('tools.json', basic)
    const { code } = await run([
      'tools.json',
      '-o',
      'f.ts',
      '--include',
      '*e*',
      '--exclude',
      'ping',
      '--rename',
      'get-sum=add',
    ])
    expect(code).toBe(0)
    const text = read('f.ts')
    expect(text).toMatch(/export type ToolName = 'echo' \| 'get-sum';/)
    expect(text).toMatch(/export function add</)
    expect(text).not.toMatch(/function ping/)
  })
})
