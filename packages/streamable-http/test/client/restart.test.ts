import { McpClient, McpServer, type ServerSession, type SessionSnapshot, type Transport } from '@edgemcp/core'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createMcpHandler,
  InMemoryEventStore,
  type SessionStore,
  StreamableHttpClientTransport,
} from '../../src/index.js'
import { type RunningServer, serve } from '../../src/node.js'

/**
 * A server process that restarts on the same port, its sessions and events kept in storage (as a Durable
 * Object keeps them in SQLite across a `wrangler dev` restart): a legacy client carries on with the same
 * session, and what the server sends outside any request reaches it on its default standalone GET stream.
 */

const URI = 'note://1'

/** Sessions written down when the process ends and restored by the next one, as a database keeps them. */
class PersistedSessions implements SessionStore {
  readonly saved = new Map<string, SessionSnapshot>()
  readonly live = new Map<string, ServerSession>()
  constructor(public server: McpServer) {}
  async get(id: string): Promise<ServerSession | undefined> {
    let session = this.live.get(id)
    const snapshot = this.saved.get(id)
    if (!session && snapshot) {
      session = this.server.restoreSession(snapshot)
      this.live.set(id, session)
    }
    return session
  }
  async set(session: ServerSession): Promise<void> {
    this.live.set(session.id, session)
  }
  async delete(id: string): Promise<void> {
    this.live.delete(id)
    this.saved.delete(id)
  }
  /** The process ends: every live session is written down; the next process restores them on demand. */
  handOver(server: McpServer): void {
    for (const s of this.live.values()) this.saved.set(s.id, s.snapshot())
    this.live.clear()
    this.server = server
  }
}

function notesServer(): McpServer {
  const server = new McpServer({ name: 'restarting', version: '1.0.0' })
  server.resource(URI, { name: 'note' }, () => ({ contents: [{ uri: URI, text: 'hello' }] }))
  return server
}

const stops: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop().catch(() => {})
})

/** The storage (sessions, events) outlives each process; `restart()` stops it and starts the next one. */
async function restartableServer() {
  let server = notesServer()
  const sessions = new PersistedSessions(server)
  const events = new InMemoryEventStore()
  const start = (port?: number) =>
    serve(createMcpHandler(server, { sessionStore: sessions, eventStore: events, retryMs: 20 }), {
      ...(port === undefined ? {} : { port }),
    })
  let running: RunningServer = await start()
  stops.push(() => running.close())
  const port = running.port
  return {
    url: `${running.url}/`,
    get server() {
      return server
    },
    sessions,
    /** Stops listening and drops every connection (the process is gone). */
    stop: () => running.close(),
    /** Starts the next process on the same port, with the storage of the last one. */
    async start() {
      const next = notesServer()
      sessions.handOver(next)
      server = next
      running = await start(port)
    },
  }
}

interface Wire {
  /** GETs answered with a stream, and GETs that found no server. */
  streams: number
  failedGets: number
}

async function legacyClient(url: string, wire: Wire) {
  const errors: Error[] = []
  const counting = async (input: string | URL | Request, init?: RequestInit) => {
    if (init?.method !== 'GET') return fetch(input, init)
    try {
      const response = await fetch(input, init)
      if (response.headers.get('content-type')?.includes('text/event-stream')) wire.streams++
      return response
    } catch (e) {
      wire.failedGets++
      throw e
    }
  }
  const transport = new StreamableHttpClientTransport(url, { fetch: counting, reconnectDelayMs: 20 })
  const client = new McpClient(
    { name: 'restart-test', version: '1.0.0' },
    { protocol: '2025-11-25', onerror: (e) => errors.push(e) },
  )
  stops.push(() => client.close())
  await client.connect(transport as Transport)
  const updates: string[] = []
  client.onNotification('notifications/resources/updated', (n) => updates.push(String(n.params?.uri)))
  return { client, transport, updates, errors }
}

/** Raises resource updates until one reaches the client (notifications go out on their own schedule). */
async function expectUpdateArrives(server: () => McpServer, updates: string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        await server().notifyResourceUpdated(URI)
        return updates.length
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBeGreaterThan(0)
  expect(updates[0]).toBe(URI)
}

describe('a legacy client across a server restart (sessions and events kept in storage)', () => {
  it('receives resource updates on its default standalone stream after a quick restart', async () => {
    const s = await restartableServer()
    const wire: Wire = { streams: 0, failedGets: 0 }
    const { client, transport, updates } = await legacyClient(s.url, wire)
    await client.subscribeResource({ uri: URI })
    const sessionId = transport.sessionId
    await expect.poll(async () => (await s.sessions.get(sessionId ?? ''))?.hasStandaloneChannel).toBe(true)
    await expectUpdateArrives(() => s.server, updates)

    const streams = wire.streams
    await s.stop()
    await s.start()
    // The client comes back on its own (the pooled connections to the old process are gone by then).
    await expect.poll(() => wire.streams, { timeout: 10_000 }).toBeGreaterThan(streams)
    updates.length = 0
    await client.ping()
    expect(transport.sessionId).toBe(sessionId)
    await expectUpdateArrives(() => s.server, updates)
  })

  it('reopens its standalone stream when the server was gone longer than its reconnection attempts', async () => {
    const s = await restartableServer()
    const wire: Wire = { streams: 0, failedGets: 0 }
    const { client, transport, updates, errors } = await legacyClient(s.url, wire)
    await client.subscribeResource({ uri: URI })
    await expect
      .poll(async () => (await s.sessions.get(transport.sessionId ?? ''))?.hasStandaloneChannel)
      .toBe(true)

    await s.stop()
    // Every reconnection attempt (3 by default) fails while nothing listens on the port.
    await expect.poll(() => wire.failedGets, { timeout: 10_000 }).toBe(3)
    await s.start()
    await client.ping()
    await expectUpdateArrives(() => s.server, updates)
    expect(errors.some((e) => /Reconnecting the SSE stream failed/.test(e.message))).toBe(true)
  })
})
