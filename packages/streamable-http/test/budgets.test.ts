import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { ClientLimits, addressPrefix, clientKeyOf } from '../src/admission.js'
import type { NodeOutgoing } from '../src/node-outgoing.js'
import { NodeSseConnection } from '../src/node-sse-connection.js'
import { type CloseReason, type ConnectOptions, WebSseConnection } from '../src/sse-connection.js'
import { MODERN, modernMeta, post } from './helpers.js'
import { openSession, startNode } from './node-sse-helpers.js'

// Issue 20: what a client that does not read can make the server hold is budgeted, per connection and per
// client; sessions and listen streams are fair shares per client (429), never others' evicted.

/** A node:http response whose socket is congested after the head: every write is refused until `drain()`. */
class CongestedOutgoing extends EventEmitter implements NodeOutgoing {
  statusCode = 200
  writableEnded = false
  destroyed = false
  written = 0
  write(chunk: string): boolean {
    this.written += chunk.length
    return false
  }
  end(): unknown {
    this.writableEnded = true
    return this
  }
  destroy(): unknown {
    this.destroyed = true
    this.emit('close')
    return this
  }
  /** @hono/node-server's part: the head goes out, then `end()`, which the connection takes over. */
  headOut(): void {
    this.end.call(this)
  }
  drain(): void {
    this.emit('drain')
  }
}

/** A Node connection that records the most bytes it ever held for its client. */
class ProbedNodeConnection extends NodeSseConnection {
  most = 0
  protected override holding(held: number, waitingBefore: boolean): boolean {
    this.most = Math.max(this.most, held)
    return super.holding(held, waitingBefore)
  }
}

const event = (n: number, size: number) => `data: ${String(n).padEnd(size, 'x')}\n\n`

describe('byte budget of one SSE connection', () => {
  it('Node: a client that stops reading is dropped once more than maxBufferedBytes waits; never more is held', () => {
    const out = new CongestedOutgoing()
    const reasons: CloseReason[] = []
    const max = 10_000
    const c = new ProbedNodeConnection({ node: out, maxBufferedBytes: max } satisfies ConnectOptions, 0, 0, {
      closed: () => reasons.push('overflow'),
    })
    c.takeResponse()
    out.headOut()
    let accepted = 0
    for (let n = 0; n < 1000 && c.write(event(n, 1000)); n++) accepted++
    expect(c.isOpen).toBe(false)
    expect(out.destroyed).toBe(true) // the connection is cut, not ended gracefully
    expect(reasons).toEqual(['overflow'])
    expect(c.most).toBeLessThanOrEqual(max + 1010)
    expect(accepted).toBeLessThan(15)
  })

  it('Node: a client that reads keeps its connection, however much passes through', () => {
    const out = new CongestedOutgoing()
    const c = new NodeSseConnection({ node: out, maxBufferedBytes: 10_000 }, 0)
    c.takeResponse()
    out.headOut()
    for (let n = 0; n < 1000; n++) {
      expect(c.write(event(n, 1000))).toBe(true)
      if (n % 5 === 0) out.drain()
    }
    expect(c.isOpen).toBe(true)
    c.close()
  })

  it('web stream: one large message on an empty queue goes out; a second one waiting is too much', async () => {
    const c = new WebSseConnection({ maxBufferedBytes: 100 }, 0)
    const reader = c.takeResponse().body!.getReader()
    expect(c.write(event(1, 5000))).toBe(true)
    expect((await reader.read()).value?.length).toBe(5008)
    expect(c.write(event(2, 5000))).toBe(true) // taken already: nothing waited
    expect(c.write(event(3, 10))).toBe(false)
    expect(c.isOpen).toBe(false)
  })
})

describe('byte budget of one client across its connections', () => {
  it('web streams of one client share it; reading gives it back; another client is not affected', async () => {
    const limits = new ClientLimits({
      maxSessionsPerClient: 10,
      maxStreamsPerClient: 10,
      maxBufferedBytesPerClient: 5000,
    })
    const open = (client: string) => {
      const c = new WebSseConnection({ budget: limits.budgetOf(client), maxBufferedBytes: 1 << 20 }, 0)
      return { c, reader: c.takeResponse().body!.getReader() }
    }
    const a1 = open('a')
    const a2 = open('a')
    const b = open('b')
    expect(a1.c.write(event(1, 2000))).toBe(true)
    expect(a1.c.write(event(2, 2000))).toBe(true)
    expect(limits.bufferedOf('a')).toBeGreaterThan(4000)
    expect(a2.c.write(event(3, 500))).toBe(true) // its own queue was empty
    expect(a2.c.write(event(4, 500))).toBe(false) // over the client's 5000
    expect(a2.c.isOpen).toBe(false)
    expect(b.c.write(event(5, 4000))).toBe(true)
    expect(b.c.write(event(6, 900))).toBe(true)
    // a1's client reads everything: its bytes come back.
    await a1.reader.read()
    await a1.reader.read()
    const pending = a1.reader.read()
    await new Promise((r) => setTimeout(r, 0))
    expect(limits.bufferedOf('a')).toBe(0)
    expect(a1.c.write(event(7, 3000))).toBe(true)
    a1.c.close()
    b.c.close()
    await pending
    expect(limits.bufferedOf('a')).toBe(0)
    expect(limits.bufferedOf('b')).toBe(0)
  })
})

describe('client keys', () => {
  it('a principal, else an address (IPv6 by its /64), else none', () => {
    expect(clientKeyOf('iss|alice', '10.0.0.1')).toBe('principal:iss|alice')
    expect(clientKeyOf(undefined, '10.0.0.1')).toBe('address:10.0.0.1')
    expect(clientKeyOf(undefined, undefined)).toBeUndefined()
    expect(addressPrefix('::ffff:127.0.0.1')).toBe('127.0.0.1')
    expect(addressPrefix('2001:db8:0:1::7')).toBe('2001:db8:0:1::/64')
    expect(addressPrefix('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64')
    expect(addressPrefix('::1')).toBe('0:0:0:0::/64')
  })
})

const initialize = (url: string, headers: Record<string, string> = {}) =>
  post(
    url,
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'b', version: '1' } },
    },
    headers,
  )

const ping = (url: string, headers: Record<string, string>) =>
  post(url, { jsonrpc: '2.0', id: 2, method: 'ping' }, headers)

describe('fair admission over node:http', () => {
  it('sessions per client: one client over its share gets 429 + Retry-After; another principal is not evicted', async () => {
    // Principals from a header, for the test (a real server verifies a token).
    const f = await startNode({
      maxSessionsPerClient: 3,
      authenticate: (c) => ({ principal: c.req.header('x-who') ?? 'anonymous' }),
    })
    const victim = await openSession(f.url, (url, init) =>
      fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-who': 'victim' } }),
    )
    const victimHeaders = { ...victim.headers, 'x-who': 'victim' }
    let refused = 0
    for (let i = 0; i < 20; i++) {
      const r = await initialize(f.url, { 'x-who': 'attacker' })
      if (r.status === 429) {
        refused++
        expect(r.headers.get('retry-after')).toMatch(/^\d+$/)
        expect((await r.json()).error.message).toMatch(/Too many sessions/)
      } else expect(r.status).toBe(200)
    }
    expect(refused).toBe(17)
    expect((await ping(f.url, victimHeaders)).status).toBe(200)
    await expect(f.mcp.sessions.get(victim.id)).resolves.toBeDefined()
  })

  it('without a principal, the share is per client address (all of loopback is one here)', async () => {
    const f = await startNode({ maxSessionsPerClient: 2 })
    const a = await initialize(f.url)
    const b = await initialize(f.url)
    expect([a.status, b.status]).toEqual([200, 200])
    expect((await initialize(f.url)).status).toBe(429)
    // Deleting a session frees its place.
    const id = a.headers.get('mcp-session-id')!
    const deleted = await fetch(f.url, {
      method: 'DELETE',
      headers: { 'Mcp-Session-Id': id, 'MCP-Protocol-Version': '2025-11-25' },
    })
    expect(deleted.status).toBe(200)
    expect((await initialize(f.url)).status).toBe(200)
  })

  it('subscriptions/listen streams per client: beyond the share 429; a closed one frees its place', async () => {
    const f = await startNode({ maxStreamsPerClient: 2 })
    const listen = (id: string, signal?: AbortSignal) =>
      fetch(f.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'MCP-Protocol-Version': MODERN,
          'Mcp-Method': 'subscriptions/listen',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'subscriptions/listen',
          params: { _meta: modernMeta(), notifications: { toolsListChanged: true } },
        }),
        ...(signal ? { signal } : {}),
      })
    const first = new AbortController()
    const one = await listen('l1', first.signal)
    const two = await listen('l2')
    expect([one.status, two.status]).toEqual([200, 200])
    const three = await listen('l3')
    expect(three.status).toBe(429)
    expect(three.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await three.json()).id).toBe('l3')
    first.abort()
    await expect.poll(async () => (await listen('l4')).status, { timeout: 10_000 }).toBe(200)
    await f.close()
  })

  it('a listen request with an overlong id is refused (400, -32600) before any stream opens', async () => {
    const f = await startNode()
    const r = await fetch(f.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': MODERN,
        'Mcp-Method': 'subscriptions/listen',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'x'.repeat(1_000_000),
        method: 'subscriptions/listen',
        params: { _meta: modernMeta(), notifications: { toolsListChanged: true } },
      }),
    })
    expect(r.status).toBe(400)
    expect(r.headers.get('content-type')).toContain('application/json')
    const body = await r.json()
    expect(body.error.code).toBe(-32600)
    expect(body.id).toBeUndefined()
  })
})
