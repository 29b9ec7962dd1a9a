/** docs/platforms/bun.md: bun/main.ts under Bun.serve answers real clients of every era. */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, it } from 'vitest'
import { expectEveryClient } from '../src/clients.js'
import { type Started, start } from '../src/process.js'

const dir = dirname(dirname(fileURLToPath(import.meta.url)))
const bun = join(
  dirname(createRequire(import.meta.url).resolve('@oven/bun-linux-x64/package.json')),
  'bin',
  'bun',
)

const started: Started[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()))
})

describe('bun/main.ts under Bun.serve', () => {
  it('answers our client in both eras and over legacy HTTP+SSE, and the official SDK client', async () => {
    // PORT 0: a free port; the example prints the URL it got.
    const server = await start([bun, 'bun/main.ts'], {
      cwd: dir,
      env: { PORT: '0' },
      ready: /MCP at (http:\/\/127\.0\.0\.1:\d+)\/mcp/,
    })
    started.push(server)
    const url = `${server.origin}/mcp`
    await expectEveryClient(url, { eras: ['modern', 'legacy', 'sse'], output: server.output })
  })
})
