import type { JsonRpcMessage } from '@edgemcp/core'
import { describe, expect, it } from 'vitest'
import { canReplayAfter, eventIdOf, InMemoryEventStore, parseEventId } from './event-store.js'

const note = (n: number): JsonRpcMessage => ({
  jsonrpc: '2.0',
  method: 'notifications/message',
  params: { n },
})

describe('InMemoryEventStore', () => {
  it('replays what came after an id, on that stream only, skipping the priming event', async () => {
    const store = new InMemoryEventStore()
    const prime = await store.append('a', null)
    const a1 = await store.append('a', note(1))
    await store.append('b', note(100))
    await store.append('a', note(2))
    expect(await store.replayAfter(prime)).toEqual({
      streamId: 'a',
      events: [
        { id: a1, message: note(1) },
        { id: 'a:2', message: note(2) },
      ],
    })
    expect((await store.replayAfter(a1))?.events.map((e) => e.message)).toEqual([note(2)])
    expect((await store.replayAfter('a:2'))?.events).toEqual([])
  })

  it('refuses ids it cannot fully replay from', async () => {
    const store = new InMemoryEventStore({ maxEventsPerStream: 2 })
    const first = await store.append('s', note(1))
    await store.append('s', note(2))
    await store.append('s', note(3))
    await store.append('s', note(4))
    expect(await store.replayAfter(first)).toBeUndefined() // note(2) is gone
    expect((await store.replayAfter('s:2'))?.events.map((e) => e.id)).toEqual(['s:3'])
    expect(await store.replayAfter('s:9')).toBeUndefined()
    expect(await store.replayAfter('nope')).toBeUndefined()
    expect(await store.replayAfter('x:0')).toBeUndefined()
  })

  it('bounds the number of streams and forgets deleted ones', async () => {
    const store = new InMemoryEventStore({ maxStreams: 2 })
    const a = await store.append('a', null)
    const b = await store.append('b', null)
    await store.append('c', null)
    expect(await store.replayAfter(a)).toBeUndefined()
    expect(await store.replayAfter(b)).toBeDefined()
    await store.deleteStream('b')
    expect(await store.replayAfter(b)).toBeUndefined()
  })

  it("a session's many streams push out its own oldest, never another session's", async () => {
    const store = new InMemoryEventStore({ maxStreamsPerSession: 3, maxStreams: 6 })
    const victim = await store.append('victim.1', note(1))
    await store.append('victim.2', note(2))
    const first = await store.append('attacker.0', null)
    for (let i = 1; i < 1000; i++) await store.append(`attacker.${i}`, null)
    expect(await store.replayAfter(first)).toBeUndefined()
    expect(await store.replayAfter('attacker.999:0')).toBeDefined()
    expect(await store.replayAfter(victim)).toBeDefined()
    // When the store is full, the session holding the most gives way: here the attacker again.
    const others = ['c.1', 'd.1']
    for (const id of others) await store.append(id, null)
    expect(await store.replayAfter(victim)).toBeDefined()
    expect(await store.replayAfter('victim.2:0')).toBeDefined()
    for (const id of others) expect(await store.replayAfter(`${id}:0`)).toBeDefined()
  })
})

describe('event ids', () => {
  it('name their stream (colons allowed) and sequence, and nothing else parses', () => {
    expect(parseEventId(eventIdOf('ab:cd.1', 7))).toEqual({ streamId: 'ab:cd.1', seq: 7 })
    for (const bad of ['', ':1', 'a:', 'a:-1', 'a:1.5', 'a:1e3', 'a: 1', `a:${'9'.repeat(16)}`, 'a'])
      expect(parseEventId(bad)).toBeUndefined()
  })

  it('replay only from an issued id whose successors are all kept', () => {
    expect(canReplayAfter(2, 0, 5)).toBe(true)
    expect(canReplayAfter(4, 0, 5)).toBe(true) // nothing after it yet
    expect(canReplayAfter(5, 0, 5)).toBe(false) // never issued
    expect(canReplayAfter(2, 3, 5)).toBe(true) // 3 and 4 kept
    expect(canReplayAfter(1, 3, 5)).toBe(false) // 2 was dropped
  })
})
