import { env, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { Env } from '../test/fixtures/worker.js'
import { SqlEventStore } from './sql-event-store.js'

const ns = (env as unknown as Env).MCP_SESSION
/** Runs `fn` with the SQLite storage of a fresh session object. */
const withSql = <R>(fn: (sql: SqlStorage) => R | Promise<R>) =>
  runInDurableObject(ns.get(ns.newUniqueId()), (_o, state) => fn(state.storage.sql))

const note = (n: number) => ({ jsonrpc: '2.0' as const, method: 'notifications/message', params: { n } })

describe('SqlEventStore', () => {
  it('replays what came after an event id, skipping the priming event', () =>
    withSql(async (sql) => {
      const store = new SqlEventStore(sql, { maxEventsPerStream: 100 })
      const priming = await store.append('s1.a', null)
      const first = await store.append('s1.a', note(1))
      await store.append('s1.a', note(2))
      await store.append('s1.b', note(9))
      expect(priming).toBe('s1.a:0')
      expect(await store.replayAfter(priming)).toEqual({
        streamId: 's1.a',
        events: [
          { id: 's1.a:1', message: note(1) },
          { id: 's1.a:2', message: note(2) },
        ],
      })
      expect((await store.replayAfter(first))?.events.map((e) => e.id)).toEqual(['s1.a:2'])
      expect(await store.replayAfter('s1.a:2')).toEqual({ streamId: 's1.a', events: [] })
    }))

  it('refuses ids it never issued or whose successors it dropped', () =>
    withSql(async (sql) => {
      const store = new SqlEventStore(sql, { maxEventsPerStream: 2 })
      for (let n = 0; n < 4; n++) await store.append('s', note(n))
      expect(await store.replayAfter('s:0')).toBeUndefined() // s:1 was dropped
      expect((await store.replayAfter('s:1'))?.events.map((e) => e.id)).toEqual(['s:2', 's:3'])
      expect(await store.replayAfter('s:4')).toBeUndefined()
      expect(await store.replayAfter('other:0')).toBeUndefined()
      expect(await store.replayAfter('garbage')).toBeUndefined()
      await store.deleteStream('s')
      expect(await store.replayAfter('s:2')).toBeUndefined()
    }))

  it('never repeats an event id after pruning old streams', () =>
    withSql(async (sql) => {
      let now = 1_000
      const store = new SqlEventStore(sql, { maxEventsPerStream: 10, now: () => now })
      await store.append('s', note(1))
      await store.append('old', note(1))
      store.pruneBefore(2_000)
      expect(await store.replayAfter('old:0')).toEqual({ streamId: 'old', events: [] })
      now = 3_000
      expect(await store.append('s', note(2))).toBe('s:1')
      expect((await store.replayAfter('s:0'))?.events.map((e) => e.id)).toEqual(['s:1'])
    }))

  it('reports server→client requests as they go out', () =>
    withSql(async (sql) => {
      const seen: string[] = []
      const store = new SqlEventStore(sql, {
        maxEventsPerStream: 10,
        onServerRequest: (id, method) => seen.push(`${id} ${method}`),
      })
      await store.append('s', { jsonrpc: '2.0', id: 's1', method: 'elicitation/create', params: {} })
      await store.append('s', note(1))
      await store.append('s', { jsonrpc: '2.0', id: 4, result: {} })
      expect(seen).toEqual(['s1 elicitation/create'])
    }))
})
