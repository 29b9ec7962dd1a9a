import type { TaskRecord } from '@edgemcp/core/tasks'
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { durableTaskStore, type McpTaskObjectInstance } from '../src/index.js'
import { taskRecord } from './fixtures/task-record.js'
import type { Env } from './fixtures/worker.js'

const ns = (env as unknown as Env).MCP_TASK_STORE
/** These tests drive the store alone: their own objects, apart from the runs of task-runner.test.ts. */
const STORE = { binding: 'MCP_TASK_STORE' }
let next = 0

const task = (ttlMs = 60_000, over: Partial<TaskRecord> = {}): TaskRecord =>
  taskRecord(`task-${Date.now()}-${next++}`, { ttlMs, ...over })

/** The task object that holds the tasks of a one-shard store. */
const onlyObject = () => ns.get(ns.idFromName('tasks-0'))

describe('tasks in a Durable Object (durableTaskStore + McpTaskObject)', () => {
  it('keeps a task in its object: created through one stub, changed and read through others', async () => {
    const t = task()
    await durableTaskStore(env, STORE).create(t)
    const other = durableTaskStore(env, STORE)
    expect(await other.get(t.taskId)).toEqual(t)
    const done = await other.update(t.taskId, { type: 'completed', result: { content: [] } })
    expect(done?.current.status).toBe('completed')
    expect((await durableTaskStore(env, STORE).get(t.taskId))?.result).toEqual({ content: [] })
    expect(await other.get('never-created')).toBeUndefined()
  })

  it('deletes a task when its ttlMs ends (the alarm), and sets the alarm for the next one', async () => {
    const store = durableTaskStore(env, STORE)
    const short = task(50)
    const long = task(60_000)
    await store.create(short)
    await store.create(long)
    await expect.poll(() => Date.now(), { interval: 20 }).toBeGreaterThan(short.expiresAt)
    // The alarm is due: workerd may already have run it on its own (a loaded machine is slow to get here), so
    // run it if it is still pending and judge by what it did, not by who ran it.
    await runDurableObjectAlarm(onlyObject())
    const working = () =>
      runInDurableObject(onlyObject(), (o) =>
        (o as unknown as McpTaskObjectInstance).store.idsWithStatus('working'),
      )
    await expect.poll(working, { timeout: 30_000 }).not.toContain(short.taskId)
    expect(await store.get(short.taskId)).toBeUndefined()
    expect(await working()).toContain(long.taskId)
    const alarm = await runInDurableObject(onlyObject(), (_o, state) => state.storage.getAlarm())
    expect(alarm).not.toBeNull()
    expect(alarm as number).toBeLessThanOrEqual(long.expiresAt)
  })

  it('100 tasks created and finished concurrently on one object: none lost, none mixed up', async () => {
    const store = durableTaskStore(env, STORE)
    const tasks = Array.from({ length: 100 }, () => task(60_000, { principal: `p${next % 7}` }))
    await Promise.all(tasks.map((t) => store.create(t)))
    await Promise.all(
      tasks.map(async (t, i) => {
        await store.update(t.taskId, { type: 'progress', progress: i, total: 100 })
        await store.update(t.taskId, {
          type: 'completed',
          result: { content: [{ type: 'text', text: `#${i}` }] },
        })
      }),
    )
    const back = await Promise.all(tasks.map((t) => store.get(t.taskId)))
    expect(back.map((t) => t?.status)).toEqual(tasks.map(() => 'completed'))
    expect(back.map((t) => (t?.result?.content as Array<{ text: string }> | undefined)?.[0]?.text)).toEqual(
      tasks.map((_, i) => `#${i}`),
    )
    expect(back.map((t) => t?.progress?.progress)).toEqual(tasks.map((_, i) => i))
  })

  it('spreads tasks over shards by id, and says which binding is missing', async () => {
    const store = durableTaskStore(env, { ...STORE, shards: 4 })
    const tasks = Array.from({ length: 12 }, () => task())
    await Promise.all(tasks.map((t) => store.create(t)))
    expect(await Promise.all(tasks.map((t) => store.get(t.taskId)))).toEqual(tasks)
    const held = await Promise.all(
      [0, 1, 2, 3].map((n) =>
        runInDurableObject(ns.get(ns.idFromName(`tasks-${n}`)), (o) =>
          (o as unknown as McpTaskObjectInstance).store
            .idsWithStatus('working')
            .filter((id) => tasks.some((t) => t.taskId === id)),
        ),
      ),
    )
    expect(held.flat().sort()).toEqual(tasks.map((t) => t.taskId).sort())
    expect(held.filter((ids) => ids.length > 0).length).toBeGreaterThan(1)
    expect(() => durableTaskStore({}).get('x')).toThrow(
      'lacks the Durable Object binding MCP_TASKS (class McpTaskObject',
    )
  })
})
