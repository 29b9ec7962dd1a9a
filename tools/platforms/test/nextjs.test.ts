/**
 * docs/platforms/vercel-nextjs.md: an App Router app whose only route is nextjs/app/mcp/route.ts, built with
 * `next build` and served by `next start` (the Node runtime Vercel runs route handlers on), answers real
 * clients of both eras. The build writes nextjs/.next (ignored by git); this is the only test that builds it.
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectEveryClient } from '../src/clients.js'
import { type Started, start } from '../src/process.js'

const app = join(dirname(dirname(fileURLToPath(import.meta.url))), 'nextjs')
const next = join(dirname(createRequire(import.meta.url).resolve('next/package.json')), 'dist', 'bin', 'next')
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }

let server: Started | undefined
beforeAll(async () => {
  // `next build`, as a deploy would run it: its output is shown when it fails.
  const built = spawn(process.execPath, [next, 'build'], { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  built.stdout.on('data', (d) => (log += String(d)))
  built.stderr.on('data', (d) => (log += String(d)))
  const code = await new Promise<number | null>((resolve) => built.once('exit', resolve))
  if (code !== 0) throw new Error(`next build exited (${code}):\n${log}`)
  expect(log).toMatch(/ƒ \/mcp/) // a dynamic route: rendered per request, never prerendered
  server = await start([process.execPath, next, 'start', '-H', '127.0.0.1', '-p', '0'], {
    cwd: app,
    ready: /Local:\s+(http:\/\/127\.0\.0\.1:\d+)/,
  })
})
afterAll(async () => {
  await server?.stop()
})

describe('nextjs/app/mcp/route.ts under next start', () => {
  it('answers our client in both eras and the official SDK client at /mcp', async () => {
    const url = `${server!.origin}/mcp`
    await expectEveryClient(url, { eras: ['modern', 'legacy'], output: server!.output })
  })

  it('streams: a legacy session’s GET is an open event stream, which DELETE ends', async () => {
    const url = `${server!.origin}/mcp`
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
    const init = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'curl', version: '1' },
        },
      }),
    })
    const session = init.headers.get('mcp-session-id')
    expect(init.status, await init.text()).toBe(200)
    const sessionHeaders = { 'mcp-session-id': session!, 'mcp-protocol-version': '2025-11-25' }
    const stream = await fetch(url, { headers: { accept: 'text/event-stream', ...sessionHeaders } })
    expect(stream.status).toBe(200)
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const ended = await fetch(url, { method: 'DELETE', headers: sessionHeaders })
    expect(ended.status).toBeLessThan(300)
    // The stream ends with the session: reading it to its end returns.
    await stream.text()
  })
})
