import { TaskLimitError } from '@edgemcp/core/tasks'
import { env, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { taskRecord } from '../test/fixtures/task-record.js'
import type { Env } from '../test/fixtures/worker.js'
import { SqlTaskStore } from './sql-task-store.js'

const ns = (env as unknown as Env).MCP_SESSION
const withSql = <R>(fn: (sql: SqlStorage) => R | Promise<R>) =>
  runInDurableObject(ns.get(ns.newUniqueId()), (_o, state) => fn(state.storage.sql))

const task = taskRecord

describe('SqlTaskStore', () => {
  it('keeps a task for a new instance, applies changes once, and never changes a finished task', () =>
    withSql(async (sql) => {
      const store = new SqlTaskStore(sql)
      await store.create(task('t1', { principal: 'alice' }))
      const later = new SqlTaskStore(sql)
      expect(await later.get('t1')).toMatchObject({ taskId: 't1', status: 'working', principal: 'alice' })
      const progress = await later.update('t1', { type: 'progress', progress: 1, total: 2 })
      expect(progress?.changed).toBe(true)
      expect(progress?.current.progress).toEqual({ progress: 1, total: 2 })
      const done = await later.update('t1', { type: 'completed', result: { content: [] } })
      expect(done?.current.status).toBe('completed')
      const cancel = await later.update('t1', { type: 'cancelled' })
      expect(cancel?.changed).toBe(false)
      expect((await store.get('t1'))?.status).toBe('completed')
      expect(store.idsWithStatus('completed')).toEqual(['t1'])
      await expect(store.create(task('t1'))).rejects.toThrow()
      expect(await store.update('nobody', { type: 'cancelled' })).toBeUndefined()
    }))

  it('treats an expired task as unknown and deletes it', () =>
    withSql(async (sql) => {
      const store = new SqlTaskStore(sql)
      await store.create(task('old', { expiresAt: Date.now() - 1 }))
      await store.create(task('new'))
      expect(await store.get('old')).toBeUndefined()
      expect(await store.update('old', { type: 'cancelled' })).toBeUndefined()
      expect(store.nextExpiry()).toBeLessThan(Date.now())
      expect(store.deleteExpired()).toEqual(['old'])
      expect(store.nextExpiry()).toBeGreaterThan(Date.now())
    }))

  it('holds its budgets per principal and in all, counting unexpired tasks only', () =>
    withSql(async (sql) => {
      const store = new SqlTaskStore(sql, { maxTasks: 3, maxTasksPerPrincipal: 2 })
      await store.create(task('a1', { principal: 'a' }))
      await store.create(task('a2', { principal: 'a' }))
      await expect(store.create(task('a3', { principal: 'a' }))).rejects.toBeInstanceOf(TaskLimitError)
      await store.create(task('b1', { principal: 'b' }))
      await expect(store.create(task('c1', { principal: 'c' }))).rejects.toThrow(/holds 3/)
      const one = new SqlTaskStore(sql, { maxTasks: 4, maxTasksPerPrincipal: 1 })
      await one.create(task('gone', { principal: 'd', expiresAt: Date.now() - 1 }))
      await one.create(task('d1', { principal: 'd' }))
      expect(await one.get('d1')).toBeDefined()
    }))

  it('counts restarts of a task', () =>
    withSql(async (sql) => {
      const store = new SqlTaskStore(sql)
      await store.create(task('r'))
      expect(store.countRestart('r')).toBe(1)
      expect(store.countRestart('r')).toBe(2)
      expect(store.countRestart('unknown')).toBe(0)
    }))
})
