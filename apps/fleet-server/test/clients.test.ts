import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { startProxy } from '../src/proxy.js'
import { fleetForFile } from './support.js'

/**
 * Per-client budgets behind the fleet's proxy (issue #33, M5): every client reaches the instances from the
 * proxy's address, so without `X-Forwarded-For` (appended by the proxy, trusted by the instances) they would
 * all share one client's budget of sessions.
 */
const bed = fleetForFile({ instances: 2, maxSessionsPerClient: 2 })

const initialize = (forwardedFor: string) =>
  fetch(bed.fleet.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      // Stands for the address the proxy would see: the tests' clients all come from loopback.
      'X-Forwarded-For': forwardedFor,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'budget', version: '1' },
      },
    }),
  })

describe('clients behind the proxy', () => {
  it('the proxy appends the address it was reached from to X-Forwarded-For', async () => {
    const seen: Array<string | undefined> = []
    const backend = http.createServer((req, res) => {
      seen.push(req.headers['x-forwarded-for'] as string | undefined)
      res.end('ok')
    })
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve))
    const proxy = await startProxy({
      port: 0,
      backends: () => [`http://127.0.0.1:${(backend.address() as AddressInfo).port}`],
    })
    try {
      expect(await (await fetch(proxy.url)).text()).toBe('ok')
      await (await fetch(proxy.url, { headers: { 'X-Forwarded-For': '203.0.113.7' } })).text()
      expect(seen).toEqual(['127.0.0.1', '203.0.113.7, 127.0.0.1'])
    } finally {
      await proxy.close()
      await new Promise((resolve) => backend.close(resolve))
    }
  })

  it('each client has its own share of sessions in the whole fleet (429 with Retry-After beyond)', async () => {
    // Round robin: the two sessions are on two instances; the third initialize is refused on either.
    for (let i = 0; i < 2; i++) {
      const res = await initialize('203.0.113.7')
      expect(res.status).toBe(200)
      await res.body?.cancel()
    }
    const refused = await initialize('203.0.113.7')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    await refused.body?.cancel()
    // Another client behind the same proxy is not refused for it.
    const other = await initialize('203.0.113.8')
    expect(other.status).toBe(200)
    await other.body?.cancel()
  })
})
