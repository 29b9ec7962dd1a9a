import { McpServer } from '@edgemcp/core'
import { env, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { Env } from '../test/fixtures/worker.js'
import { ServerRequestLog } from './server-requests.js'
import { SqlSessionStore } from './sql-session-store.js'

const ns = (env as unknown as Env).MCP_SESSION
const withSql = <R>(fn: (sql: SqlStorage) => R | Promise<R>) =>
  runInDurableObject(ns.get(ns.newUniqueId()), (_o, state) => fn(state.storage.sql))
const newServer = () => new McpServer({ name: 't', version: '1' })

describe('SqlSessionStore', () => {
  it('brings a session back in a new instance with everything the next request needs', () =>
    withSql(async (sql) => {
      const before = newServer()
      const store = new SqlSessionStore(sql, before)
      const session = before.createSession()
      session.protocolVersion = '2025-06-18'
      session.initialized = true
      session.principal = 'alice'
      await store.set(session)
      session.logLevel = 'warning'
      session.subscriptions.add('item://1')
      expect(store.persist(session)).toBe(true)
      expect(store.persist(session)).toBe(false)

      const after = new SqlSessionStore(sql, newServer())
      const restored = await after.get(session.id)
      expect(restored?.snapshot()).toEqual(session.snapshot())
      expect(restored?.principal).toBe('alice')
      expect(await after.get('someone-else')).toBeUndefined()
    }))

  it('forgets a deleted session and tells its owner', () =>
    withSql(async (sql) => {
      const deleted: string[] = []
      const server = newServer()
      const store = new SqlSessionStore(sql, server, { onDelete: (id) => deleted.push(id) })
      const session = server.createSession()
      await store.set(session)
      await store.delete(session.id)
      expect(deleted).toEqual([session.id])
      expect(await new SqlSessionStore(sql, newServer()).get(session.id)).toBeUndefined()
      expect(store.lastActivity()).toBeUndefined()
    }))

  it('numbers server→client requests after those of an earlier instance', () =>
    withSql(async (sql) => {
      const log = new ServerRequestLog(sql)
      log.record('s1', 'elicitation/create')
      log.record('s7', 'roots/list')
      expect(log.settle('s1')).toBe('elicitation/create')
      expect(log.settle('s1')).toBeUndefined()
      const session = newServer().createSession()
      log.continueNumbering(session)
      const sent: unknown[] = []
      session.attach((m) => {
        sent.push(m)
      })
      void session.request('ping', {}).catch(() => {})
      expect(sent).toEqual([expect.objectContaining({ id: 's8' })])
      session.close()
    }))
})
