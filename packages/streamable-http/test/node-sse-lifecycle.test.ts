import { eventually } from '@edgemcp/test-helpers'
import { describe, expect, it } from 'vitest'
import { InMemorySessionStore } from '../src/session-store.js'
import { sharedKeepAlive } from '../src/sse-keep-alive.js'
import {
  getStream,
  numbered,
  numberedEvents,
  openSession,
  rawText,
  sessionOf,
  startNode,
} from './node-sse-helpers.js'

const PRIMING = /^id: (\S+)\nretry: \d+\ndata: \n\n/

describe('GET streams on node:http: resumption, disconnects, server-side closes', () => {
  it('Last-Event-ID after a client disconnect: the missed events, then live ones; nothing lost or twice', async () => {
    const fixture = await startNode({ keepAliveMs: 20 })
    const { id, headers } = await openSession(fixture.url)
    const session = await sessionOf(fixture, id)
    const cut = new AbortController()
    const first = rawText(await getStream(fixture.url, headers, cut.signal))
    await first.until((t) => PRIMING.test(t))
    for (let n = 1; n <= 3; n++) await session.notify(numbered(n))
    await first.until((t) => numberedEvents(t).length === 3)
    const seen = numberedEvents(first.text)
    cut.abort()
    // The server notices through the response's close event (its keep-alive ticking stops).
    await eventually(() => expect(sharedKeepAlive.size(20)).toBe(0))
    for (let n = 4; n <= 6; n++) await session.notify(numbered(n))

    const lastId = seen.at(-1)?.id as string
    const resumed = rawText(await getStream(fixture.url, { ...headers, 'Last-Event-ID': lastId }))
    await resumed.until((t) => numberedEvents(t).length === 3)
    for (let n = 7; n <= 8; n++) await session.notify(numbered(n))
    await resumed.until((t) => numberedEvents(t).length === 5)
    const all = [...seen, ...numberedEvents(resumed.text)]
    expect(all.map((e) => e.n)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8'])
    expect(new Set(all.map((e) => e.id)).size).toBe(8)
    expect(sharedKeepAlive.size(20)).toBe(1)
    await resumed.cancel()
  })

  it('a client disconnect frees the connection: a resumable stream lets a new GET in (no 409)', async () => {
    const fixture = await startNode({ keepAliveMs: 20 })
    const { headers } = await openSession(fixture.url)
    const cut = new AbortController()
    const first = rawText(await getStream(fixture.url, headers, cut.signal))
    await first.until((t) => PRIMING.test(t))
    const conflict = await getStream(fixture.url, headers)
    expect(conflict.status).toBe(409)
    await conflict.body?.cancel()
    cut.abort()
    await eventually(() => expect(sharedKeepAlive.size(20)).toBe(0))
    const again = await getStream(fixture.url, headers)
    expect(again.status).toBe(200)
    await again.body?.cancel()
  })

  it('a client disconnect ends a stream that cannot resume: the session loses its standalone channel', async () => {
    const fixture = await startNode({ keepAliveMs: 20, eventStore: null })
    const { id, headers } = await openSession(fixture.url)
    const session = await sessionOf(fixture, id)
    const cut = new AbortController()
    const first = rawText(await getStream(fixture.url, headers, cut.signal))
    await session.notify(numbered(1))
    await first.until((t) => numberedEvents(t).length === 1)
    expect(session.hasStandaloneChannel).toBe(true)
    cut.abort()
    await eventually(() => {
      expect(session.hasStandaloneChannel).toBe(false)
      expect(sharedKeepAlive.size(20)).toBe(0)
    })
    expect(await session.notify(numbered(2))).toBe(false)
  })

  it.each([
    ['DELETE of the session', 'delete'],
    ['the session expiring in its store', 'expire'],
    ['the session closing', 'close'],
  ] as const)('%s ends the response normally', async (_label, how) => {
    // A clock of the test's own: the session expires when the test says so, however slow the machine is.
    let clock = 0
    const store = new InMemorySessionStore({ idleTtlMs: 60_000, now: () => clock })
    const fixture = await startNode({ keepAliveMs: 0, sessionStore: store })
    const { id, headers } = await openSession(fixture.url)
    const body = rawText(await getStream(fixture.url, headers))
    await body.until((t) => PRIMING.test(t))
    if (how === 'delete') {
      const res = await fetch(fixture.url, { method: 'DELETE', headers })
      expect(res.status).toBe(200)
    } else if (how === 'close') (await sessionOf(fixture, id)).close()
    else {
      clock += 60_001
      expect(await store.get(id)).toBeUndefined()
    }
    const text = await body.untilEnded()
    expect(text).toMatch(PRIMING)
    expect(body.endedWith).toBe('done')
  })

  it('closing the server ends open streams', async () => {
    const fixture = await startNode({ keepAliveMs: 15 })
    const { headers } = await openSession(fixture.url)
    const body = rawText(await getStream(fixture.url, headers))
    await body.until((t) => PRIMING.test(t))
    expect(sharedKeepAlive.size(15)).toBe(1)
    await fixture.close()
    await body.untilEnded()
    await eventually(() => expect(sharedKeepAlive.size(15)).toBe(0))
  })

  it('a connection lifetime closes the response with retry; the client resumes from there', async () => {
    const fixture = await startNode({ keepAliveMs: 0, sseConnectionLifetimeMs: 80, retryMs: 5 })
    const { id, headers } = await openSession(fixture.url)
    const session = await sessionOf(fixture, id)
    const first = rawText(await getStream(fixture.url, headers))
    await first.until((t) => PRIMING.test(t))
    await session.notify(numbered(1))
    const text = await first.untilEnded()
    expect(first.endedWith).toBe('done')
    expect(text.endsWith('retry: 5\n\n')).toBe(true)
    const seen = numberedEvents(text)
    expect(seen.map((e) => e.n)).toEqual(['n1'])
    await session.notify(numbered(2))
    const resumed = rawText(
      await getStream(fixture.url, { ...headers, 'Last-Event-ID': seen[0]?.id as string }),
    )
    await resumed.until((t) => numberedEvents(t).length === 1)
    expect(numberedEvents(resumed.text).map((e) => e.n)).toEqual(['n2'])
    await resumed.cancel()
  })
})
