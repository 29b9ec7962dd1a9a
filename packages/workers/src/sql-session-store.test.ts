import { McpServer, type ServerSession } from '@edgemcp/core'
import { env, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { Env } from '../test/fixtures/worker.js'
import { ServerRequestLog } from './server-requests.js'
import { createSessionTables } from './sql-schema.js'
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

  it('keeps sent server→client requests until answered; a restored session never reuses their ids', () =>
    withSql(async (sql) => {
      const log = new ServerRequestLog(sql)
      const ask = (session: ServerSession, count: number): string[] => {
        const ids: string[] = []
        session.attach((m) => {
          const id = (m as { id?: unknown }).id
          if (typeof id === 'string') ids.push(id)
        })
        for (let i = 0; i < count; i++) void session.request('roots/list', {}).catch(() => {})
        return ids
      }

      const before = newServer()
      const session = before.createSession()
      session.protocolVersion = '2025-06-18'
      session.initialized = true
      await new SqlSessionStore(sql, before).set(session)
      const sentBefore = ask(session, 3)
      for (const id of sentBefore) log.record(id, 'roots/list')
      expect(new Set(sentBefore).size).toBe(3)
      expect(log.settle(sentBefore[0] as string)).toBe('roots/list')
      expect(log.settle(sentBefore[0] as string)).toBeUndefined()

      // The object restarts: a new server and store bring the session back from storage.
      const restored = await new SqlSessionStore(sql, newServer()).get(session.id)
      expect(restored).toBeDefined()
      const sentAfter = ask(restored as ServerSession, 3)
      expect(sentAfter).toHaveLength(3)
      for (const id of sentAfter) expect(sentBefore).not.toContain(id)
      // An answer to a request of the earlier instance is still told apart from a bogus one.
      expect(log.settle(sentBefore[1] as string)).toBe('roots/list')
      expect(log.settle(sentAfter[0] as string)).toBeUndefined()
      session.close()
      restored?.close()
    }))

  it('keeps working on a table an earlier version created (with a principal column)', () =>
    withSql(async (sql) => {
      sql.exec('DROP TABLE IF EXISTS mcp_session')
      sql.exec(`CREATE TABLE mcp_session (
    id TEXT PRIMARY KEY, snapshot TEXT NOT NULL, principal TEXT, last_activity INTEGER NOT NULL)`)
      createSessionTables(sql) // the current version starting on that storage
      const server = newServer()
      const store = new SqlSessionStore(sql, server)
      const session = server.createSession()
      session.protocolVersion = '2025-06-18'
      session.initialized = true
      await store.set(session)
      session.logLevel = 'warning'
      expect(store.persist(session)).toBe(true)
      const restored = await new SqlSessionStore(sql, newServer()).get(session.id)
      expect(restored?.snapshot()).toEqual(session.snapshot())
      expect(store.lastActivity()).toBeGreaterThan(0)
      await store.delete(session.id)
      expect(store.lastActivity()).toBeUndefined()
      session.close()
      restored?.close()
    }))
})
