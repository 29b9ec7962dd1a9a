import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Validator } from '@cfworker/json-schema'
import { type CallToolResult, McpClient } from '@edgemcp/core'
import { createSseHandler } from '@edgemcp/sse'
import { createMcpHandler, StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { type RunningServer, serve } from '@edgemcp/streamable-http/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadGenerated, runCli as run } from './support/cli.js'
import { createSampleServer } from './support/sample-server.js'
import { packageRoot, typecheck } from './support/typecheck.js'

let running: RunningServer
let work: string

const runCli = (args: string[]) => run(args, work)
const load = (file: string) => loadGenerated(work, file)

beforeAll(async () => {
  running = await serve(createMcpHandler(createSampleServer()), { port: 0, hostname: '127.0.0.1' })
  // Inside the package, so the generated code resolves @edgemcp/core and @cfworker/json-schema like a user's would.
  mkdirSync(join(packageRoot, '.tmp'), { recursive: true })
  work = mkdtempSync(join(packageRoot, '.tmp', 'round-trip-'))
})
afterAll(async () => {
  await running?.close()
  rmSync(work, { recursive: true, force: true })
})

describe('round trip through a running server', () => {
  it('generates from the URL, compiles under strict, and every tool answers with its declared type', async () => {
    const url = `${running.url}/`
    const { code, stderr } = await runCli([
      url,
      '-o',
      'client.ts',
      '--validate',
      '--with',
      'prompts,resources',
      '--snapshot',
      'tools.json',
    ])
    expect(stderr).toMatch(/connecting to http:\/\/127\.0\.0\.1:\d+\//)
    expect(stderr).toMatch(/tools\/list: page 3, 6 so far/)
    expect(code).toBe(0)

    // The McpClient of @edgemcp/core must fit the generated client's structural interfaces.
    const usage = join(work, 'usage.ts')
    const usageText = `import type { McpClient } from '@edgemcp/core'
import { createClient, type GetUserOutput } from './client.js'
declare const client: McpClient
export const typed = createClient(client)
export async function f(): Promise<GetUserOutput> { return typed.getUser({ id: 'x' }, { unwrap: true }) }
`
    expect(typecheck([join(work, 'client.ts'), usage], new Map([[usage, usageText]]))).toEqual([])

    const listing = JSON.parse(readFileSync(join(work, 'tools.json'), 'utf8')) as {
      tools: Array<{ name: string; outputSchema?: object }>
    }
    const outputSchemas = new Map(listing.tools.map((t) => [t.name, t.outputSchema]))
    const generated = await load('client.ts')

    const client = new McpClient({ name: 'round-trip', version: '1.0.0' })
    await client.connect(new StreamableHttpClientTransport(new URL(url)))
    const called = new Set<string>()
    // Records every wire name and checks each structured result against the tool's declared output schema.
    const caller = {
      callTool: async (params: { name: string; arguments?: Record<string, unknown> }, options?: object) => {
        called.add(params.name)
        const result = (await client.callTool(params, options)) as CallToolResult
        const schema = outputSchemas.get(params.name)
        if (schema && !result.isError) {
          const outcome = new Validator(schema as never, '2020-12').validate(result.structuredContent)
          expect(outcome.errors, params.name).toEqual([])
        }
        return result
      },
      getPrompt: client.getPrompt.bind(client),
      readResource: client.readResource.bind(client),
    }
    try {
      const api = generated.createClient(caller)
      expect(await api.add({ a: 2, b: 3 }, { unwrap: true })).toEqual({ sum: 5 })
      expect((await generated.add(caller, { a: 2 })).structuredContent).toEqual({ sum: 2 })
      const tree = { value: 1, children: [{ value: 2, children: [{ value: 3 }] }, { value: 4 }] }
      expect(await api.treeSum({ root: tree }, { unwrap: true })).toEqual({ total: 10, depth: 3 })
      expect(
        await api.shapeArea({ shape: { kind: 'rect', w: 2, h: 3 }, unit: 'cm' }, { unwrap: true }),
      ).toEqual({
        area: 6,
        unit: 'cm',
      })
      const user = await api.getUser({ id: 'u1' }, { unwrap: true })
      expect(user.user.manager.manager.id).toBe('ceo')
      expect(await api.say({ text: 'hi' }, { unwrap: true })).toEqual([{ type: 'text', text: 'hi' }])
      expect((await api.fail({})).isError).toBe(true)
      const failure = await api.fail({}, { unwrap: true }).catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(generated.ToolCallError)
      expect(failure).toMatchObject({ tool: 'fail', message: 'it broke' })
      // --validate: bad arguments are rejected before anything is sent.
      const invalid = await api.add({ a: 'two' }).catch((error: unknown) => error)
      expect(invalid).toBeInstanceOf(generated.ToolValidationError)
      expect(invalid).toMatchObject({ tool: 'add', target: 'arguments' })

      expect([...called].sort()).toEqual(listing.tools.map((t) => t.name).sort())
      expect(generated.toolAnnotations.fail).toEqual({ destructiveHint: true })

      const prompt = await api.getGreetPrompt({ who: 'codegen' })
      expect(prompt.messages[0].content.text).toBe('Hello, codegen!')
      const note = await api.readNoteResource({ id: 7, lang: 'en' })
      expect(note.contents[0]).toMatchObject({ uri: 'note://7?lang=en', text: 'note 7 en' })
    } finally {
      await client.close()
    }
  })

  it('follows the documented CI workflow: the snapshot of a server regenerates the same file, so --check passes', async () => {
    // Locally: generate from the server and keep its listing. In CI: check the file against the listing, offline.
    const url = `${running.url}/`
    expect((await runCli([url, '-o', 'ci-client.ts', '--snapshot', 'ci-tools.json', '-q'])).code).toBe(0)
    const generated = readFileSync(join(work, 'ci-client.ts'), 'utf8')
    expect(generated).toMatch(
      /^\/\/ DO NOT EDIT: generated by edgemcp-codegen from http:\/\/127\.0\.0\.1:\d+\/\n/,
    )
    expect(JSON.parse(readFileSync(join(work, 'ci-tools.json'), 'utf8'))).toMatchObject({
      source: url,
      tools: expect.any(Array),
    })
    const check = await runCli(['ci-tools.json', '-o', 'ci-client.ts', '--check'])
    expect(check.stderr).toMatch(/ci-client\.ts is up to date/)
    expect(check.code).toBe(0)
    // Regenerating from the snapshot writes the very same bytes (header included).
    expect((await runCli(['ci-tools.json', '-o', 'ci-client.ts', '-q'])).code).toBe(0)
    expect(readFileSync(join(work, 'ci-client.ts'), 'utf8')).toBe(generated)
  })

  it('falls back to the legacy HTTP+SSE transport for an old server', async () => {
    const legacy = await serve(createSseHandler(createSampleServer()), { port: 0, hostname: '127.0.0.1' })
    try {
      const { code, stderr } = await runCli([
        `${legacy.url}/sse`,
        '-o',
        'legacy-client.ts',
        '--snapshot',
        'legacy.json',
      ])
      expect(stderr).toMatch(/read 6 tools from http:\/\/127\.0\.0\.1:\d+\/sse/)
      expect(code).toBe(0)
      const names = (
        JSON.parse(readFileSync(join(work, 'legacy.json'), 'utf8')) as { tools: Array<{ name: string }> }
      ).tools
      expect(names.map((t) => t.name).sort()).toEqual([
        'add',
        'fail',
        'get-user',
        'say',
        'shape_area',
        'tree.sum',
      ])
    } finally {
      await legacy.close()
    }
  })

  it('generates from a stdio server command', async () => {
    writeFileSync(
      join(work, 'stdio-server.mjs'),
      `import { McpServer } from '@edgemcp/core'
import { serveStdio } from '@edgemcp/stdio'
const server = new McpServer({ name: 'stdio-sample', version: '1.0.0' })
server.tool('ping.pong', { inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } }, async () => ({ content: [] }))
await serveStdio(server)
`,
    )
    const { code, stderr } = await runCli([
      '--stdio',
      `"${process.execPath}" stdio-server.mjs`,
      '-o',
      'stdio-client.ts',
    ])
    expect(stderr).toMatch(/read 1 tool from stdio: /)
    expect(code).toBe(0)
    const text = readFileSync(join(work, 'stdio-client.ts'), 'utf8')
    expect(text).toMatch(/export interface PingPongInput \{\n {2}n: number;\n\}/)
    expect(text).toMatch(/invokeTool\(client, 'ping\.pong', /)
  })
})
