import { ServerSession } from '@edgemcp/core'
import { describe, expect, it } from 'vitest'
import { lookupSession } from './held-sessions.js'
import { InMemorySessionStore } from './session-store.js'

describe('InMemorySessionStore', () => {
  it('stores, finds and deletes sessions', async () => {
    const store = new InMemorySessionStore()
    const s = new ServerSession()
    await store.set(s)
    expect(await store.get(s.id)).toBe(s)
    await store.delete(s.id)
    expect(await store.get(s.id)).toBeUndefined()
  })

  it('closes sessions idle past the TTL, but not those in use', async () => {
    let now = 1_000
    const store = new InMemorySessionStore({ idleTtlMs: 100, now: () => now })
    const idle = new ServerSession()
    const busy = new ServerSession()
    await store.set(idle)
    await store.set(busy)
    now += 60
    await store.get(busy.id)
    now += 60
    expect(await store.get(idle.id)).toBeUndefined()
    expect(idle.closed).toBe(true)
    expect(await store.get(busy.id)).toBe(busy)
    expect(busy.closed).toBe(false)
  })

  it('beyond maxSessions refuses a new session (503) instead of closing one in use', async () => {
    let now = 1_000
    const store = new InMemorySessionStore({ maxSessions: 2, idleTtlMs: 100, now: () => now })
    const [a, b, c] = [new ServerSession(), new ServerSession(), new ServerSession()]
    await store.set(a)
    await store.set(b)
    await expect(store.set(c)).rejects.toMatchObject({ httpStatus: 503, code: -32000 })
    expect([a.closed, b.closed, c.closed]).toEqual([false, false, false])
    expect(store.size).toBe(2)
    // Storing a known session again is no new session.
    await store.set(a)
    // Once one has been idle past the TTL, it makes room.
    now += 60
    await store.get(a.id)
    now += 60
    await store.set(c)
    expect(b.closed).toBe(true)
    expect(await store.get(a.id)).toBe(a)
    expect(await store.get(c.id)).toBe(c)
  })

  it('forgets sessions that were closed elsewhere', async () => {
    const store = new InMemorySessionStore()
    const s = new ServerSession()
    await store.set(s)
    s.close()
    expect(await store.get(s.id)).toBeUndefined()
    expect(store.size).toBe(0)
  })

  it('is looked up synchronously by the handler, unless its get is replaced', async () => {
    const store = new InMemorySessionStore()
    const s = new ServerSession()
    await store.set(s)
    expect(lookupSession(store, s.id)).toBe(s)
    expect(lookupSession(store, 'nobody')).toBeUndefined()
    const asked: string[] = []
    class Counting extends InMemorySessionStore {
      override get(id: string) {
        asked.push(id)
        return super.get(id)
      }
    }
    const counting = new Counting()
    await counting.set(s)
    const found = lookupSession(counting, s.id)
    expect(found).toBeInstanceOf(Promise)
    expect(await found).toBe(s)
    expect(asked).toEqual([s.id])
  })
})
