/**
 * Optional peer dependencies (issue 33): a user who installs the packages without them gets every path that
 * does not need them working, and a clear error naming the package on the paths that do. yaml is needed
 * only by @edgemcp/core/skills, @hono/node-server only by @edgemcp/streamable-http/node.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { cacheRoot } from '../src/project.js'
import { cleanEnv, run, runOk } from '../src/run.js'

const packed = inject('packed')
let dir: string

/** Runs `code` as an ES module in the project; its exit code and output. */
const node = (code: string) =>
  run(process.execPath, ['--input-type=module', '-e', code], { cwd: dir, env: cleanEnv() })

beforeAll(async () => {
  dir = mkdtempSync(join(cacheRoot, 'optional-peers-'))
  const wanted = ['@edgemcp/core', '@edgemcp/streamable-http']
  const tarballs = packed.filter((p) => wanted.includes(p.name)).map((p) => `file:${p.tarball}`)
  const json = { name: 'optional-peers', private: true, type: 'module' }
  writeFileSync(join(dir, 'package.json'), JSON.stringify(json))
  await runOk('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...tarballs], {
    cwd: dir,
    env: cleanEnv(),
  })
}, 600_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('installed without their optional peers (npm install @edgemcp/core @edgemcp/streamable-http)', () => {
  it('installs neither yaml nor @hono/node-server', () => {
    expect(packed.find((p) => p.name === '@edgemcp/core')?.json.peerDependenciesMeta?.yaml).toEqual({
      optional: true,
    })
    expect(existsSync(join(dir, 'node_modules/@edgemcp/core'))).toBe(true)
    expect(existsSync(join(dir, 'node_modules/yaml'))).toBe(false)
    expect(existsSync(join(dir, 'node_modules/@hono/node-server'))).toBe(false)
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
