/**
 * docs/platforms/deno.md, netlify-edge.md and supabase-edge.md: their entry files run on Deno (the runtime of
 * Deno Deploy, Netlify Edge Functions and Supabase Edge Functions) and answer real clients. Deno.serve listens
 * where DENO_SERVE_ADDRESS says (a free port here), as on those platforms, which choose the address.
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { expectEveryClient, five, ourClient } from '../src/clients.js'
import { type Started, start } from '../src/process.js'

const dir = dirname(dirname(fileURLToPath(import.meta.url)))
const deno = join(
  dirname(createRequire(import.meta.url).resolve('@deno/linux-x64-glibc/package.json')),
  'deno',
)

const started: Started[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()))
})

async function denoServe(entry: string): Promise<Started> {
  const server = await start(
    [deno, 'run', '--allow-net', '--allow-env', '--allow-read', '--no-prompt', entry],
    {
      cwd: dir,
      env: { DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0' },
      ready: /Listening on (http:\/\/127\.0\.0\.1:\d+)\//,
    },
  )
  started.push(server)
  return server
}

describe('deno/main.ts under Deno.serve', () => {
  it('answers our client in both eras and over legacy HTTP+SSE, and the official SDK client', async () => {
    const { origin, output } = await denoServe('deno/main.ts')
    const url = `${origin}/mcp`
    await expectEveryClient(url, { eras: ['modern', 'legacy', 'sse'], output: output })
  })
})

describe.each([
  {
    entry: 'netlify/serve.ts',
    label: 'the Netlify Edge entry (netlify/edge-functions/mcp.ts)',
    path: '/mcp',
  },
  { entry: 'supabase/functions/mcp/index.ts', label: 'the Supabase Edge entry', path: '/mcp' },
])('$label on Deno', ({ entry, path }) => {
  it('answers 2026-07-28 clients, and tells a 2025 client which revision it serves', async () => {
    const { origin, output } = await denoServe(entry)
    const url = `${origin}${path}`
    expect(await ourClient(url, 'modern'), output()).toEqual({
      protocolVersion: '2026-07-28',
      tools: ['add'],
      add: five,
    })
    // Stateless: a session's initialize is refused with the unsupported-version error naming 2026-07-28.
    const init = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'old', version: '1' },
        },
      }),
    })
    expect(init.status).toBe(400)
    expect(JSON.stringify(await init.json())).toContain('2026-07-28')
  })
})
