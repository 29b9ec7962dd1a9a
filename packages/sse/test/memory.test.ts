import type { Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import type { ServerSession } from '@edgemcp/core'
import { serve } from '@hono/node-server'
import { describe, expect, it } from 'vitest'
import { createSseHandler, SseClientTransport } from '../src/index.js'
import { makeServer, RpcPeer } from './helpers.js'

const CLIENTS = 200

/** A full GC (vitest runs this file with --expose-gc; the v8 flag is the fallback). */
function gcFn(): () => void {
  if (typeof globalThis.gc === 'function') return globalThis.gc as () => void
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

async function settledHeap(gc: () => void): Promise<number> {
  for (let i = 0; i < 4; i++) {
    gc()
    await new Promise((r) => setTimeout(r, 20))
  }
  return process.memoryUsage().heapUsed
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`

async function runClients(url: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      // endpointTimeoutMs covers the whole opening; 200 clients at once on a loaded machine can take longer than
      // the 10 s default, so it is only a hang guard here.
      const transport = new SseClientTransport(`${url}/sse`, { endpointTimeoutMs: 120_000 })
      const peer = new RpcPeer(transport)
      await transport.start()
      await peer.initialize('2024-11-05')
      const r = await peer.request('tools/call', { name: 'add', arguments: { a: i, b: 1 } })
      return { transport, text: r.content[0].text as string }
    }),
  )
}

describe('many concurrent SSE clients', () => {
  it(`${CLIENTS} clients each complete a tools/call; the heap returns to baseline after they disconnect`, async () => {
    const gc = gcFn()
    const { server } = makeServer('memory')
    const sessions: Array<WeakRef<ServerSession>> = []
    const create = server.createSession.bind(server)
    server.createSession = (id?: string) => {
      const s = create(id)
      sessions.push(new WeakRef(s))
      return s
    }
    const handler = createSseHandler(server, { keepAliveMs: 1000 })
    const { http, url } = await new Promise<{ http: HttpServer; url: string }>((resolve) => {
      const http = serve({ fetch: handler.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
        resolve({ http, url: `http://127.0.0.1:${info.port}` }),
      ) as HttpServer
    })
    try {
      // A first, unmeasured round of the same load: code compiled, connection pools and caches grown once
      // (the process keeps those; measured rounds after it return to the same heap every time).
      const cold = await settledHeap(gc)
      await Promise.all((await runClients(url, CLIENTS)).map((c) => c.transport.close()))
      await expect.poll(() => handler.openStreams, { timeout: 5000 }).toBe(0)
      http.closeIdleConnections()
      const baseline = await settledHeap(gc)

      const clients = await runClients(url, CLIENTS)
      expect(clients.map((c) => c.text)).toEqual(Array.from({ length: CLIENTS }, (_, i) => String(i + 1)))
      expect(handler.openStreams).toBe(CLIENTS)
      const peak = await settledHeap(gc)

      await Promise.all(clients.map((c) => c.transport.close()))
      clients.length = 0
      await expect.poll(() => handler.openStreams, { timeout: 5000 }).toBe(0)
      http.closeIdleConnections()
      const after = await settledHeap(gc)
      expect(sessions.filter((w) => w.deref() !== undefined)).toHaveLength(0)

      console.log(
        `[sse memory] ${CLIENTS} clients: cold start ${mb(cold)}, baseline after a warm-up round ${mb(baseline)}, peak ${mb(peak)} (+${mb(peak - baseline)}), ` +
          `after disconnect ${mb(after)} (${after >= baseline ? '+' : '-'}${mb(Math.abs(after - baseline))})`,
      )
      // Connected clients cost memory; once gone, all of it (bar noise) is returned.
      expect(peak - baseline).toBeGreaterThan(0)
      expect(after - baseline).toBeLessThan(Math.max(1.5 * 1024 * 1024, (peak - baseline) * 0.15))
    } finally {
      await new Promise<void>((r) => {
        http.close(() => r())
        http.closeAllConnections()
      })
    }
  }, 180_000)
})
