import { modernMeta } from '@edgemcp/test-helpers'
import { env, listDurableObjectIds, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { Env } from './fixtures/worker.js'
import { ACCEPT_BOTH, MCP_URL, MODERN, post, rawSession, workerFetch } from './helpers.js'

// Issue 20: no storage for ids nobody created, and a session's object wiped when the session ends.

const testEnv = env as unknown as Env
const storedObjects = async () => (await listDurableObjectIds(testEnv.MCP_SESSION)).length
/** A random id of the shape the Worker mints: 32 hex digits, or 64 (signed ids, as the fixture has a secret). */
const randomId = (i: number) => {
  const bytes = crypto.getRandomValues(new Uint8Array(i % 2 === 0 ? 32 : 16))
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
}
/**
 * What a session object keeps: its tables (none after a wipe) and its alarm. (workerd under vitest lists an
 * object that ever existed even once it is empty; Cloudflare drops an object that has no storage left.)
 */
const keptBy = (sessionId: string) =>
  runInDurableObject(testEnv.MCP_SESSION.get(testEnv.MCP_SESSION.idFromName(sessionId)), async (o) => {
    const storage = (o as unknown as { ctx: DurableObjectState }).ctx.storage
    const tables = storage.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type='table' AND name LIKE 'mcp_%'")
      .toArray().length
    return { tables, alarm: await storage.getAlarm() }
  })

/** Rows of every table of a session object (none when it has no tables). */
const rowsOf = (sessionId: string) =>
  runInDurableObject(testEnv.MCP_SESSION.get(testEnv.MCP_SESSION.idFromName(sessionId)), (o) => {
    const sql = (o as unknown as { ctx: DurableObjectState }).ctx.storage.sql
    const tables = sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type='table' AND name LIKE 'mcp_%'")
      .toArray()
    return tables.reduce((n, { name }) => n + sql.exec(`SELECT 1 FROM ${name}`).toArray().length, 0)
  })

describe('Durable Object storage', () => {
  it('requests naming random session ids store nothing (every method, both transports)', async () => {
    const before = await storedObjects()
    const requests = Array.from({ length: 100 }, (_, i) => {
      const id = randomId(i >> 2)
      const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' }
      switch (i % 4) {
        case 0:
          return post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers)
        case 1:
          return workerFetch(MCP_URL, { headers: { ...headers, accept: 'text/event-stream' } })
        case 2:
          return workerFetch(MCP_URL, { method: 'DELETE', headers })
        default:
          return workerFetch(`${MCP_URL}?sessionId=${id}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: ACCEPT_BOTH },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
          })
      }
    })
    for (const r of await Promise.all(requests)) {
      expect(r.status).toBe(404)
      await r.text()
    }
    expect(await storedObjects()).toBe(before)
  })

  it('a DELETE wipes the session object: no rows, no alarm', async () => {
    const headers = await rawSession()
    const id = headers['mcp-session-id'] as string
    expect(await rowsOf(id)).toBeGreaterThan(0)
    expect((await keptBy(id)).alarm).not.toBeNull()
    const r = await workerFetch(MCP_URL, { method: 'DELETE', headers })
    expect(r.status).toBe(200)
    await expect.poll(() => keptBy(id)).toEqual({ tables: 0, alarm: null })
  })

  it('an expired session leaves nothing stored either', async () => {
    const headers = await rawSession()
    const id = headers['mcp-session-id'] as string
    const stub = testEnv.MCP_SESSION.get(testEnv.MCP_SESSION.idFromName(id))
    // Its last activity long ago: the alarm deletes it.
    await runInDurableObject(stub, (o) => {
      const sql = (o as unknown as { ctx: DurableObjectState }).ctx.storage.sql
      sql.exec('UPDATE mcp_session SET last_activity=0')
      ;(o as unknown as { store: { loaded?: { lastActivity: number } } }).store.loaded!.lastActivity = 0
    })
    expect(await runDurableObjectAlarm(stub)).toBe(true)
    await expect.poll(() => keptBy(id)).toEqual({ tables: 0, alarm: null })
    const after = await post({ jsonrpc: '2.0', id: 2, method: 'ping' }, headers)
    expect(after.status).toBe(404)
  })

  it('an HTTP+SSE stream opened without Origin keeps nothing in its object', async () => {
    const r = await workerFetch(MCP_URL, { headers: { accept: 'text/event-stream' } })
    expect(r.status).toBe(200)
    const reader = r.body!.getReader()
    const first = new TextDecoder().decode((await reader.read()).value)
    const id = /sessionId=([0-9a-f]+)/.exec(first)?.[1] as string
    expect(await keptBy(id)).toEqual({ tables: 0, alarm: null })
    await reader.cancel()
    await expect.poll(() => keptBy(id)).toEqual({ tables: 0, alarm: null })
  })
})

describe('Host allowlist by default', () => {
  it('refuses a Host the Worker does not serve (403), accepts its own, loopback and workers.dev', async () => {
    const ping = (host: string) =>
      workerFetch(MCP_URL, {
        method: 'POST',
        headers: { host, 'content-type': 'application/json', accept: ACCEPT_BOTH },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
      })
    const evil = await ping('evil.example:8841')
    expect(evil.status).toBe(403)
    expect(((await evil.json()) as { error: { message: string } }).error.message).toMatch(/host/)
    const sse = await workerFetch(MCP_URL, { headers: { host: 'evil.example', accept: 'text/event-stream' } })
    expect(sse.status).toBe(403)
    await sse.text()
    for (const host of ['worker.test', '127.0.0.1:8787', 'localhost', 'my-mcp.example.workers.dev']) {
      const r = await ping(host)
      expect(r.status, host).not.toBe(403)
      await r.text()
    }
  })

  it('judges each Host of requests served in the Worker, whatever the one before', async () => {
    const call = (host: string) =>
      workerFetch(MCP_URL, {
        method: 'POST',
        headers: {
          host,
          'content-type': 'application/json',
          accept: ACCEPT_BOTH,
          'mcp-protocol-version': MODERN,
          'mcp-method': 'tools/list',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/list',
          params: { _meta: modernMeta() },
        }),
      })
    const hosts = ['worker.test', 'evil.example', 'evil.example', 'localhost:8787', 'evil.example:8787']
    const statuses: number[] = []
    for (const host of [...hosts, ...hosts]) {
      const r = await call(host)
      statuses.push(r.status)
      await r.text()
    }
    expect(statuses).toEqual([200, 403, 403, 200, 403, 200, 403, 403, 200, 403])
  })
})
