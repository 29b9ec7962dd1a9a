// The Durable Object runner of the tasks extension (SEP-2663) in workerd: an McpClient over Streamable HTTP
// calls task tools of the fixture Worker (`durableTasks(env)`), and the runs happen in McpTaskObject. The
// tools wait on gates the test opens (test/fixtures/task-tools.ts), so nothing here depends on timing.
import type { McpClient } from '@edgemcp/core'
import { callToolTask, clientTasks, type TaskInfo, type ToolTask } from '@edgemcp/core/tasks'
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { durableTasks } from '../src/index.js'
import { taskRecord } from './fixtures/task-record.js'
import { gate, openGate } from './fixtures/task-tools.js'
import type { Env } from './fixtures/worker.js'
import { connect } from './helpers.js'

const ns = (env as unknown as Env).MCP_TASKS
/** The one task object of the fixture's single shard. */
const taskObject = () => ns.get(ns.idFromName('tasks-0'))

let next = 0
const used: string[] = []
/** A fresh gate key (every gate is opened after the file, so no run is left waiting). */
const key = (what: string) => {
  const k = `${what}-${Date.now()}-${next++}`
  used.push(k)
  return k
}
/** Opens gates from inside the task object, where the runs waiting on them must go on. */
const open = (...keys: string[]) =>
  runInDurableObject(taskObject(), () => {
    for (const k of keys) openGate(k)
  })
afterAll(() => open(...used))

const HANG_GUARD = { timeout: 15_000, interval: 25 }
/** A hang guard only: each test polls for what it waits for. */
const TEST_TIMEOUT = 60_000

/** A 2026-07-28 client that takes tasks and declares elicitation (answers go in by hand: provideInput). */
async function tasksClient(): Promise<McpClient> {
  const options = { tasks: clientTasks(), handlers: { elicit: async () => ({ action: 'decline' as const }) } }
  return (await connect('modern', options)).client
}

/** Polls `tasks/get` until the task is `status`; the task then. */
async function reaches(task: ToolTask, status: TaskInfo['status']): Promise<TaskInfo> {
  let info: TaskInfo | undefined
  await vi.waitFor(async () => {
    info = await task.get()
    expect(info.status).toBe(status)
  }, HANG_GUARD)
  return info as TaskInfo
}

const textOf = (info: TaskInfo) => (info.result?.content?.[0] as { text?: string } | undefined)?.text

/** Resets the task object (its in-memory state and runs are lost; its storage stays). */
async function restartTaskObject(): Promise<void> {
  await expect(
    runInDurableObject(taskObject(), (_o, state) => state.abort('restarted by the test')),
  ).rejects.toThrow()
}

/** How many times the task object started `taskId` again after a restart. */
const restartsOf = (taskId: string) =>
  runInDurableObject(
    taskObject(),
    (_o, state) =>
      state.storage.sql
        .exec<{ restarts: number }>('SELECT restarts FROM mcp_task WHERE task_id=?', taskId)
        .one().restarts,
  )

describe('tasks run in their Durable Object (durableTasks + createMcpTaskObject)', () => {
  it(
    'a task completes after the request that created it ended, run by the task object',
    async () => {
      const client = await tasksClient()
      const k = key('after-request')
      const task = await callToolTask(client, { name: 'gated', arguments: { key: k } })
      // The tools/call request is over: it answered with the task.
      expect(task.taskId).toMatch(/^[0-9a-f]{32}$/)
      await vi.waitFor(() => expect(gate(k).starts).toBe(1), HANG_GUARD)
      expect(await reaches(task, 'working')).toMatchObject({ statusMessage: 'run 1 waiting' })
      // While it runs, the object's alarm is at most 30 s ahead (it wakes an object evicted meanwhile).
      const alarm = await runInDurableObject(taskObject(), (_o, state) => state.storage.getAlarm())
      expect(alarm).not.toBeNull()
      expect(alarm as number).toBeLessThanOrEqual(Date.now() + 30_000)
      await open(k)
      const done = await reaches(task, 'completed')
      expect(textOf(done)).toBe(`${k} opened, run 1, in the task object`)
    },
    TEST_TIMEOUT,
  )

  it(
    'a task completes after its object restarted mid-run: the new instance starts it again',
    async () => {
      const client = await tasksClient()
      const k = key('restart')
      const task = await callToolTask(client, { name: 'gated', arguments: { key: k } })
      await vi.waitFor(() => expect(gate(k).starts).toBe(1), HANG_GUARD)
      await restartTaskObject()
      // Any event wakes the object (here the client's tasks/get; else its alarm): the run starts again.
      await vi.waitFor(async () => {
        expect((await task.get()).status).toBe('working')
        expect(gate(k).starts).toBe(2)
      }, HANG_GUARD)
      await open(k)
      expect(textOf(await reaches(task, 'completed'))).toBe(`${k} opened, run 2, in the task object`)
      expect(await restartsOf(task.taskId as string)).toBe(1)
    },
    TEST_TIMEOUT,
  )

  it(
    'a task whose runs keep being cut off fails after maxRestarts (3) instead of looping',
    async () => {
      const client = await tasksClient()
      const k = key('crash-loop')
      const task = await callToolTask(client, { name: 'gated', arguments: { key: k } })
      for (let run = 1; run <= 4; run++) {
        await vi.waitFor(async () => {
          await task.get()
          expect(gate(k).starts).toBe(run)
        }, HANG_GUARD)
        await restartTaskObject()
      }
      const failed = await reaches(task, 'failed')
      expect(failed.error).toMatchObject({
        code: -32603,
        message: expect.stringMatching(/interrupted 4 times/),
      })
      expect(gate(k).starts).toBe(4)
    },
    TEST_TIMEOUT,
  )

  it(
    'tasks/cancel aborts the run in the object; a late result is dropped',
    async () => {
      const client = await tasksClient()
      const k = key('cancel')
      // ignoreAbort: the handler sees ctx.signal abort, and still returns once its gate opens.
      const task = await callToolTask(client, { name: 'gated', arguments: { key: k, ignoreAbort: true } })
      await vi.waitFor(() => expect(gate(k).starts).toBe(1), HANG_GUARD)
      await task.cancel()
      await vi.waitFor(() => expect(gate(k).aborts).toBe(1), HANG_GUARD)
      expect((await task.get()).status).toBe('cancelled')
      await open(k)
      await vi.waitFor(() => expect(gate(k).finishes).toBe(1), HANG_GUARD)
      const after = await task.get()
      expect(after.status).toBe('cancelled')
      expect(after.result).toBeUndefined()
    },
    TEST_TIMEOUT,
  )

  it(
    'input: the task asks, the client answers with tasks/update, the object runs it again',
    async () => {
      const client = await tasksClient()
      const task = await callToolTask(client, { name: 'ask' })
      const asking = await reaches(task, 'input_required')
      const [inputKey] = Object.keys(asking.inputRequests ?? {})
      expect(asking.inputRequests?.[inputKey as string]?.method).toBe('elicitation/create')
      await task.provideInput({ [inputKey as string]: { action: 'accept', content: { name: 'Ada' } } })
      expect(textOf(await reaches(task, 'completed'))).toBe('Hello Ada, from the task object')
    },
    TEST_TIMEOUT,
  )

  it(
    'expiry: the run ends when ttlMs does, and the alarm deletes the task',
    async () => {
      const k = key('expiry')
      const record = taskRecord(`expiry-${Date.now()}-${next++}`, {
        ttlMs: 200,
        request: {
          method: 'tools/call',
          params: { name: 'gated', arguments: { key: k } },
          protocolVersion: '2026-07-28',
          clientCapabilities: {},
        },
      })
      const { store, runner } = durableTasks(env)
      await store.create(record)
      await runner.start(record, () => Promise.reject(new Error('the Worker must not run it itself')))
      await vi.waitFor(() => expect(gate(k).starts).toBe(1), HANG_GUARD)
      await vi.waitFor(() => expect(gate(k).aborts).toBe(1), HANG_GUARD)
      expect(await store.get(record.taskId)).toBeUndefined()
      // The row stays until the alarm (due at the earliest expiry) deletes it.
      const rows = () =>
        runInDurableObject(
          taskObject(),
          (_o, state) =>
            state.storage.sql.exec('SELECT task_id FROM mcp_task WHERE task_id=?', record.taskId).toArray()
              .length,
        )
      await vi.waitFor(async () => {
        await runDurableObjectAlarm(taskObject())
        expect(await rows()).toBe(0)
      }, HANG_GUARD)
    },
    TEST_TIMEOUT,
  )

  it(
    'a task the object cannot run fails with the reason, rather than staying working',
    async () => {
      const record = taskRecord(`unknown-tool-${Date.now()}-${next++}`, {
        request: {
          method: 'tools/call',
          params: { name: 'not_in_the_object', arguments: {} },
          protocolVersion: '2026-07-28',
          clientCapabilities: {},
        },
      })
      const { store, runner } = durableTasks(env)
      await store.create(record)
      await runner.start(record, () => Promise.reject(new Error('the Worker must not run it itself')))
      await vi.waitFor(async () => {
        expect(await store.get(record.taskId)).toMatchObject({
          status: 'failed',
          error: { message: expect.stringContaining('not_in_the_object') },
        })
      }, HANG_GUARD)
    },
    TEST_TIMEOUT,
  )

  it(
    '100 tasks at once on one object: all run, all complete, none lost or mixed up',
    async () => {
      const client = await tasksClient()
      const keys = Array.from({ length: 100 }, (_, i) => key(`many-${i}`))
      const tasks = await Promise.all(
        keys.map((k) => callToolTask(client, { name: 'gated', arguments: { key: k } })),
      )
      expect(new Set(tasks.map((t) => t.taskId)).size).toBe(100)
      await vi.waitFor(() => expect(keys.map((k) => gate(k).starts)).toEqual(keys.map(() => 1)), HANG_GUARD)
      await open(...keys)
      await vi.waitFor(
        async () => {
          const now = await Promise.all(tasks.map((t) => t.get()))
          expect(now.map((t) => t.status)).toEqual(keys.map(() => 'completed'))
          expect(now.map(textOf)).toEqual(keys.map((k) => `${k} opened, run 1, in the task object`))
        },
        { ...HANG_GUARD, timeout: 30_000 },
      )
    },
    TEST_TIMEOUT,
  )
})
