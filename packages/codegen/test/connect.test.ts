import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { createSseHandler } from '@edgemcp/sse'
import { StdioClientTransport } from '@edgemcp/stdio'
import { createMcpHandler } from '@edgemcp/streamable-http'
import { type RunningServer, serve } from '@edgemcp/streamable-http/node'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { loadGenerated, runCli as run } from './support/cli.js'
import { createSampleServer } from './support/sample-server.js'
import { packageRoot, typecheck } from './support/typecheck.js'

/**
 * The generated `connect(url | transport)` (issue #19): it reaches a real server over Streamable HTTP, the
 * legacy HTTP+SSE fallback and stdio, and resolves to the typed client; `--capabilities` and the header's
 * note of what the server declared; static imports only.
 */

let running: RunningServer
let work: string
const runCli = (args: string[]) => run(args, work)

beforeAll(async () => {
  running = await serve(createMcpHandler(createSampleServer()))
  mkdirSync(join(packageRoot, '.tmp'), { recursive: true })
  work = mkdtempSync(join(packageRoot, '.tmp', 'connect-'))
})
afterAll(async () => {
  await running?.close()
  rmSync(work, { recursive: true, force: true })
})

describe('connect() of the generated client', () => {
  it('connects by URL, calls typed tools, closes; over Streamable HTTP and the legacy SSE fallback', async () => {
    expect((await runCli([`${running.url}/`, '-o', 'client.ts', '-q'])).code).toBe(0)
    const text = readFileSync(join(work, 'client.ts'), 'utf8')
    // Static imports of the real packages, no dynamic import.
    expect(text).toMatch(/^import \{ McpClient \} from '@edgemcp\/core';$/m)
    expect(text).toMatch(/^import \{ FallbackClientTransport \} from '@edgemcp\/sse';$/m)
    expect(text).not.toMatch(/\bimport\(/)

    const usage = join(work, 'usage.ts')
    const usageText = `import { StdioClientTransport } from '@edgemcp/stdio'
import { type AddOutput, type ConnectedClient, connect } from './client.js'
export async function f(): Promise<AddOutput> {
  const mcp: ConnectedClient = await connect('http://127.0.0.1:8787/mcp', { http: { headers: { 'X-A': '1' } } })
  const sum: AddOutput = await mcp.add({ a: 2, b: 3 }, { unwrap: true, timeoutMs: 5_000 })
  // @ts-expect-error a is a number
  await mcp.add({ a: 'two' })
  await mcp.client.ping()
  await mcp.close()
  const local = await connect(new StdioClientTransport({ command: 'node', args: ['server.js'] }))
  await local.close()
  return sum
}
`
    expect(typecheck([join(work, 'client.ts'), usage], new Map([[usage, usageText]]))).toEqual([])

    const generated = await loadGenerated(work, 'client.ts')
    const mcp = await generated.connect(`${running.url}/`, {
      clientInfo: { name: 'connect-test', version: '1' },
    })
    try {
      expect(await mcp.add({ a: 2, b: 3 }, { unwrap: true })).toEqual({ sum: 5 })
      expect(await mcp.say({ text: 'hi' }, { unwrap: true })).toEqual([{ type: 'text', text: 'hi' }])
      expect(mcp.client.serverInfo).toMatchObject({ name: 'codegen-sample' })
    } finally {
      await mcp.close()
    }

    const legacy = await serve(createSseHandler(createSampleServer()))
    onTestFinished(() => legacy.close())
    const old = await generated.connect(new URL(`${legacy.url}/sse`))
    try {
      expect(await old.add({ a: 1, b: 1 }, { unwrap: true })).toEqual({ sum: 2 })
    } finally {
      await old.close()
    }
  })

  it('connects through a stdio transport', async () => {
    writeFileSync(
      join(work, 'stdio-server.mjs'),
      `import { McpServer } from '@edgemcp/core'
import { serveStdio } from '@edgemcp/stdio'
const server = new McpServer({ name: 'stdio-sample', version: '1.0.0' })
server.tool('double', { inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } },
  async (args) => ({ content: [{ type: 'text', text: String(args.n * 2) }], structuredContent: { n: args.n * 2 } }))
await serveStdio(server)
`,
    )
    const command = `"${process.execPath}" stdio-server.mjs`
    expect((await runCli(['--stdio', command, '-o', 'stdio-client.ts', '-q'])).code).toBe(0)
    const generated = await loadGenerated(work, 'stdio-client.ts')
    const mcp = await generated.connect(new StdioClientTransport({ command, shell: true, cwd: work }))
    try {
      expect((await mcp.double({ n: 21 })).structuredContent).toEqual({ n: 42 })
    } finally {
      await mcp.close()
    }
  })

  it('--no-connect leaves it out: the output imports only types', async () => {
    expect((await runCli([`${running.url}/`, '-o', 'bare.ts', '--no-connect', '-q'])).code).toBe(0)
    const text = readFileSync(join(work, 'bare.ts'), 'utf8')
    expect(text).not.toMatch(/connect\(/)
    expect(text.match(/^import .*$/gm)).toEqual([
      "import type { CallToolResult, ToolAnnotations } from '@edgemcp/core';",
    ])
  })
})

/** Answers JSON-RPC over POST (legacy sessions); tools/list depends on the capabilities the client declared. */
async function gatingServer() {
  const declared = new Map<string, Record<string, unknown>>()
  let next = 0
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST') return void res.writeHead(405, { Allow: 'POST' }).end()
    let body = ''
    for await (const chunk of req) body += chunk
    const message = JSON.parse(body) as { id?: number; method: string; params?: Record<string, any> }
    const reply = (result: unknown, headers: Record<string, string> = {}) =>
      res
        .writeHead(200, { 'Content-Type': 'application/json', ...headers })
        .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }))
    if (message.id === undefined) return void res.writeHead(202).end()
    if (message.method === 'initialize') {
      const session = `s${++next}`
      declared.set(session, message.params?.capabilities ?? {})
      return reply(
        {
          protocolVersion: '2025-11-25',
          capabilities: { tools: { listChanged: true }, logging: {} },
          serverInfo: { name: 'gating', version: '1.0.0' },
        },
        { 'Mcp-Session-Id': session },
      )
    }
    const caps = declared.get(String(req.headers['mcp-session-id'])) ?? {}
    if (message.method === 'tools/list') {
      const tools = [{ name: 'echo', inputSchema: { type: 'object' } }]
      if (caps.roots) tools.push({ name: 'get-roots-list', inputSchema: { type: 'object' } })
      return reply({ tools })
    }
    res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'no' } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, declared }
}

describe('--capabilities and the header note of what the server declared', () => {
  it('declares every capability by default, so a tool offered only to capable clients is typed, and says so', async () => {
    const s = await gatingServer()
    expect((await runCli([s.url, '-o', 'gated.ts', '--snapshot', 'gated.json', '-q'])).code).toBe(0)
    const text = readFileSync(join(work, 'gated.ts'), 'utf8')
    expect(text).toMatch(/export function getRootsList\b/)
    const header = text.split('\n').slice(0, 6).join('\n')
    expect(header).toContain('// Server capabilities: logging, tools (listChanged)')
    expect(header).toContain('// Listed as a client declaring: elicitation, roots, sampling (--capabilities)')
    expect(header).toContain(
      '// Note: the server lists this tool only to clients declaring elicitation, roots, sampling: get-roots-list',
    )
    // The snapshot keeps what the header says: generating from it gives the same bytes, so --check passes.
    expect((await runCli(['gated.json', '-o', 'gated.ts', '--check'])).code).toBe(0)
  })

  it('--capabilities none lists as a client declaring nothing', async () => {
    const s = await gatingServer()
    expect((await runCli([s.url, '-o', 'plain.ts', '--capabilities', 'none', '-q'])).code).toBe(0)
    const text = readFileSync(join(work, 'plain.ts'), 'utf8')
    expect(text).not.toMatch(/getRootsList/)
    expect(text).toContain('// Listed as a client declaring: none (--capabilities)')
    expect(text).not.toContain('// Note:')
    expect([...s.declared.values()]).toEqual([{}])
  })

  it('--capabilities roots declares roots only', async () => {
    const s = await gatingServer()
    expect((await runCli([s.url, '-o', 'roots.ts', '--capabilities', 'roots', '-q'])).code).toBe(0)
    expect(Object.keys([...s.declared.values()][0] ?? {})).toEqual(['roots'])
    expect(readFileSync(join(work, 'roots.ts'), 'utf8')).toMatch(/getRootsList/)
    const bad = await runCli([s.url, '--capabilities', 'telepathy'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/--capabilities takes elicitation, roots, sampling or none, not "telepathy"/)
  })
})

describe('the README', () => {
  it('its examples of the generated client compile against a file generated from a server with `add`', async () => {
    expect((await runCli([`${running.url}/`, '-o', 'mcp-client.ts', '-q'])).code).toBe(0)
    const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8')
    const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)]
      .map((m) => m[1]!)
      .filter((code) => code.includes("from './mcp-client.js'"))
    expect(blocks.length).toBeGreaterThanOrEqual(3)
    // The first example is connect().
    expect(blocks[0]).toMatch(/await connect\('http/)
    const files = blocks.map((code, i) => [join(work, `readme-${i}.ts`), `${code}\nexport {}\n`] as const)
    expect(typecheck([join(work, 'mcp-client.ts'), ...files.map(([f]) => f)], new Map(files))).toEqual([])
  })
})

describe('codegen itself', () => {
  it('imports @edgemcp/core and the transports statically (their real types, no restated interface)', () => {
    const files = readdirSync(join(packageRoot, 'src'), { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    )
    for (const file of files) {
      const text = readFileSync(join(packageRoot, 'src', file), 'utf8')
      expect(text, file).not.toMatch(/import\(\s*'@edgemcp\/(core|sse|stdio|streamable-http)'/)
    }
    const remote = readFileSync(join(packageRoot, 'src', 'load', 'remote.ts'), 'utf8')
    expect(remote).toMatch(
      /^import \{ type AuthProvider, McpClient, type McpClientOptions \} from '@edgemcp\/core'$/m,
    )
  })
})
