/**
 * Optional peer dependencies (issue 33): a user who installs the packages without them gets every path that
 * does not need them working, and a clear error naming the package on the paths that do. yaml is needed
 * only by @edgemcp/core/skills, @hono/node-server only by @edgemcp/streamable-http/node, hono only by the
 * Hono apps (createMcpHandler, createAutoHandler, createSseHandler): a Worker (createMcpWorker, the fetch
 * handlers) and a client neither install nor bundle it.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { bundleWorker } from '@edgemcp/tools-wrangler-dev'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { cacheRoot } from '../src/project.js'
import { cleanEnv, run, runOk } from '../src/run.js'

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')

const packed = inject('packed')
let dir: string

/** Runs `code` as an ES module in the project; its exit code and output. */
const node = (code: string) =>
  run(process.execPath, ['--input-type=module', '-e', code], { cwd: dir, env: cleanEnv() })

beforeAll(async () => {
  dir = mkdtempSync(join(cacheRoot, 'optional-peers-'))
  const wanted = ['@edgemcp/core', '@edgemcp/streamable-http', '@edgemcp/sse', '@edgemcp/workers']
  const tarballs = packed.filter((p) => wanted.includes(p.name)).map((p) => `file:${p.tarball}`)
  const json = { name: 'optional-peers', private: true, type: 'module' }
  writeFileSync(join(dir, 'package.json'), JSON.stringify(json))
  // @types/node for the declarations of the Node paths (`serve()`), as a Node user has it.
  const types = ['@types/node@^20.19.0']
  await runOk('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...tarballs, ...types], {
    cwd: dir,
    env: cleanEnv(),
  })
}, 600_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('installed without their optional peers (npm install @edgemcp/core @edgemcp/streamable-http @edgemcp/sse @edgemcp/workers)', () => {
  it('installs neither yaml nor hono nor @hono/node-server', () => {
    expect(packed.find((p) => p.name === '@edgemcp/core')?.json.peerDependenciesMeta?.yaml).toEqual({
      optional: true,
    })
    for (const name of ['@edgemcp/streamable-http', '@edgemcp/sse'])
      expect(packed.find((p) => p.name === name)?.json.peerDependenciesMeta?.hono, name).toEqual({
        optional: true,
      })
    expect(existsSync(join(dir, 'node_modules/@edgemcp/workers'))).toBe(true)
    expect(existsSync(join(dir, 'node_modules/yaml'))).toBe(false)
    expect(existsSync(join(dir, 'node_modules/hono'))).toBe(false)
    expect(existsSync(join(dir, 'node_modules/@hono/node-server'))).toBe(false)
  })

  it('loads the client and the fetch handlers of both transports: no hono needed', async () => {
    const r = await node(`
      import { McpServer } from '@edgemcp/core'
      import { StreamableHttpClientTransport, createMcpFetchHandler } from '@edgemcp/streamable-http'
      import { createAutoFetchHandler } from '@edgemcp/sse'
      const server = new McpServer({ name: 'x', version: '1' })
      const auto = createAutoFetchHandler(server)
      const res = await auto(new Request('http://127.0.0.1/', { method: 'GET', headers: { accept: 'application/json' } }))
      console.log(typeof StreamableHttpClientTransport, typeof createMcpFetchHandler, res.status)`)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout.trim()).toMatch(/^function function \d{3}$/)
  })

  it.each([
    { entry: '@edgemcp/streamable-http', api: 'createMcpHandler' },
    { entry: '@edgemcp/sse', api: 'createAutoHandler' },
    { entry: '@edgemcp/sse', api: 'createSseHandler' },
  ])('$api (a Hono app) throws naming hono', async ({ entry, api }) => {
    const r = await node(`
      import { McpServer } from '@edgemcp/core'
      import { ${api} } from '${entry}'
      try { ${api}(new McpServer({ name: 'x', version: '1' })) } catch (e) { console.log(e.message) }`)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout.trim()).toBe(
      `${api} returns a Hono app: install the hono package (npm i hono, 4.13 or later)`,
    )
  })

  it('type-checks a client and a fetch handler with skipLibCheck false', async () => {
    writeFileSync(
      join(dir, 'check.ts'),
      [
        "import { McpClient, McpServer } from '@edgemcp/core'",
        "import { StreamableHttpClientTransport, createMcpFetchHandler } from '@edgemcp/streamable-http'",
        "import { createAutoFetchHandler } from '@edgemcp/sse'",
        "const server = new McpServer({ name: 'x', version: '1' })",
        'export const mcp = createMcpFetchHandler(server)',
        'export const auto = createAutoFetchHandler(server)',
        "const transport = new StreamableHttpClientTransport(new URL('http://127.0.0.1/mcp'))",
        "export const client = new McpClient({ name: 'c', version: '1' })",
        'export const connecting = (): Promise<void> => client.connect(transport)',
      ].join('\n'),
    )
    const args = ['--noEmit', '--strict', '--skipLibCheck', 'false', '--module', 'nodenext']
    const r = await run(process.execPath, [tsc, ...args, '--types', 'node', 'check.ts'], {
      cwd: dir,
      env: cleanEnv(),
    })
    expect(r.code, r.stdout + r.stderr).toBe(0)
  })

  it('bundles a Worker (createMcpWorker) with wrangler, without hono in it', async () => {
    mkdirSync(join(dir, 'src'), { recursive: true })
    writeFileSync(
      join(dir, 'src/index.ts'),
      [
        "import { McpServer } from '@edgemcp/core'",
        "import { createMcpFetchHandler } from '@edgemcp/streamable-http'",
        "import { createMcpWorker } from '@edgemcp/workers'",
        'const worker = createMcpWorker({',
        "  server: (_env, { mrtrSecret }) => new McpServer({ name: 'w', version: '1' }, { mrtrSecret }),",
        '})',
        "const stateless = createMcpFetchHandler(new McpServer({ name: 's', version: '1' }))",
        'export class McpSessionObject extends worker.McpSessionObject {}',
        'export class McpHubObject extends worker.McpHubObject {}',
        "export default { fetch: (r: Request, env: never, ctx: never) => (new URL(r.url).pathname === '/s' ? stateless(r) : worker.fetch(r, env, ctx)) }",
      ].join('\n'),
    )
    const config = {
      name: 'optional-peers',
      main: 'src/index.ts',
      compatibility_date: '2026-04-01',
      durable_objects: {
        bindings: [
          { name: 'MCP_SESSION', class_name: 'McpSessionObject' },
          { name: 'MCP_HUB', class_name: 'McpHubObject' },
        ],
      },
      migrations: [{ tag: 'v1', new_sqlite_classes: ['McpSessionObject', 'McpHubObject'] }],
    }
    writeFileSync(join(dir, 'wrangler.json'), JSON.stringify(config))
    const bundle = readFileSync(await bundleWorker({ cwd: dir, outDir: join(dir, 'dist') }), 'utf8')
    expect(bundle).toContain('McpSessionObject')
    // Hono's compose() error: in every bundle that carries Hono's app.
    expect(bundle).not.toContain('Context is not finalized')
    expect(bundle).not.toContain('hono/tiny')
  })

  it('serves a tool over a fetch handler and imports @edgemcp/core/tasks: no yaml needed', async () => {
    const r = await node(`
      import { McpServer } from '@edgemcp/core'
      import '@edgemcp/core/tasks'
      import { createMcpFetchHandler } from '@edgemcp/streamable-http'
      const server = new McpServer({ name: 'x', version: '1' })
      server.tool('hi', {}, () => ({ content: [{ type: 'text', text: 'hi there' }] }))
      const handler = createMcpFetchHandler(server)
      const meta = {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
        'io.modelcontextprotocol/clientCapabilities': {},
      }
      const res = await handler(new Request('http://127.0.0.1/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'hi' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'hi', arguments: {}, _meta: meta } }),
      }))
      console.log(res.status, await res.text())`)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/^200 .*hi there/)
  })

  it.each([
    { entry: '@edgemcp/core/skills', peer: 'yaml' },
    { entry: '@edgemcp/streamable-http/node', peer: '@hono/node-server' },
  ])('fails to import $entry with an error naming $peer', async ({ entry, peer }) => {
    const r = await node(`await import(${JSON.stringify(entry)})`)
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain(`Cannot find package '${peer}'`)
  })
})
