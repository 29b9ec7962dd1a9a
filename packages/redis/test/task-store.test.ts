// createRedisTaskStore against a real redis-server (its own port and directory for this file): the TaskStore
// contract (create/get/update, terminal tasks never change, budgets, expiry), concurrent updates and creates
// through two separate clients (nothing lost, budgets never overshoot), and a task created through one HTTP
// server instance that a second instance on the same Redis answers tasks/get for.
import { TaskLimitError, type TaskRecord, type TaskStore } from '@edgemcp/core/tasks'
import { eventually } from '@edgemcp/test-helpers'
import { createClient } from '@redis/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRedisTaskStore, type RedisTaskStoreOptions } from '../src/index.js'
import { type RunningRedis, startRedisServer } from '../src/testing.js'

let redis: RunningRedis
const clients: { close(): Promise<unknown> }[] = []
beforeAll(async () => {
  redis = await startRedisServer()
}, 30_000)
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await redis?.stop()
})

/** A new connected client of the test Redis. */
async function connectClient() {
  const client = createClient({ url: redis.url })
  clients.push(client)
  await client.connect()
  return client
}

let prefixes = 0
/** `n` stores on one fresh prefix, each through its own client (as separate server instances would be). */
async function stores(n: number, options: Omit<RedisTaskStoreOptions, 'client'> = {}) {
  const prefix = `tasks${++prefixes}:`
  const out: TaskStore[] = []
  for (let i = 0; i < n; i++)
    out.push(createRedisTaskStore({ client: await connectClient(), prefix, ...options }))
  return { prefix, stores: out }
}

let ids = 0
function task(overrides: Partial<TaskRecord> = {}): TaskRecord {
  const now = Date.now()
  const ttlMs = overrides.ttlMs ?? 60_000
  return {
    taskId: `task-${++ids}`,
    status: 'working',
    createdAt: new Date(now).toISOString(),
    lastUpdatedAt: new Date(now).toISOString(),
    ttlMs,
    expiresAt: now + ttlMs,
    request: {
      method: 'tools/call',
      params: { name: 'report', arguments: { months: 3 } },
      protocolVersion: '2026-07-28',
      clientCapabilities: {},
    },
    ...overrides,
  }
}

describe('createRedisTaskStore', () => {
  it('creates, gets and updates a task, visible through another client', async () => {
    const {
      stores: [a, b],
    } = await stores(2)
    const t = task({ principal: 'alice' })
    await a!.create(t)
    expect(await b!.get(t.taskId)).toEqual(t)
    expect(await b!.get('no-such-task')).toBeUndefined()

    const progressed = await b!.update(t.taskId, { type: 'progress', progress: 1, total: 3, message: 'one' })
    expect(progressed?.changed).toBe(true)
    expect(progressed?.previous).toEqual(t)
    expect(progressed?.current).toMatchObject({ progress: { progress: 1, total: 3 }, statusMessage: 'one' })
    expect(await a!.get(t.taskId)).toEqual(progressed?.current)
    expect(await a!.update('no-such-task', { type: 'cancelled' })).toBeUndefined()
    await expect(a!.create(t)).rejects.toThrow(/already exists/)
  })

  it('never changes a terminal task again', async () => {
    const {
      stores: [a, b],
    } = await stores(2)
    const t = task()
    await a!.create(t)
    const done = await a!.update(t.taskId, {
      type: 'completed',
      result: { content: [{ type: 'text', text: 'ok' }] },
    })
    expect(done?.current.status).toBe('completed')
    for (const change of [
      { type: 'cancelled' },
      { type: 'failed', error: { code: -32603, message: 'late' } },
      { type: 'progress', progress: 2 },
    ] as const) {
      const late = await b!.update(t.taskId, change)
      expect(late?.changed).toBe(false)
      expect(late?.current).toEqual(done?.current)
    }
    expect(await b!.get(t.taskId)).toEqual(done?.current)
  })

  it('loses no change when two clients update one task at the same time', async () => {
    const {
      stores: [a, b],
    } = await stores(2)
    const t = task()
    await a!.create(t)
    const keys = Array.from({ length: 20 }, (_, i) => `q${i}`)
    const inputRequests = Object.fromEntries(
      keys.map((k) => [k, { method: 'elicitation/create', params: { message: k } }]),
    )
    await a!.update(t.taskId, { type: 'input_required', inputRequests, inputResponses: {} })
    // Every answer is a separate change; each is kept only if it is applied to the record holding all earlier ones.
    const results = await Promise.all(
      keys.map((k, i) =>
        (i % 2 ? a! : b!).update(t.taskId, { type: 'input', inputResponses: { [k]: { action: 'accept' } } }),
      ),
    )
    expect(results.every((r) => r?.changed)).toBe(true)
    const final = await a!.get(t.taskId)
    expect(final?.status).toBe('working')
    expect(final?.inputRequests).toBeUndefined()
    expect(Object.keys(final?.inputResponses ?? {}).sort()).toEqual([...keys].sort())
    // Exactly one of the changes made the task `working` again (the one that answered the last pending key).
    expect(results.filter((r) => r?.current.status === 'working')).toHaveLength(1)
  })

  it('lets one of two concurrent terminal changes win, and only one', async () => {
    const {
      stores: [a, b],
    } = await stores(2)
    const t = task()
    await a!.create(t)
    const [done, cancelled] = await Promise.all([
      a!.update(t.taskId, { type: 'completed', result: { content: [] } }),
      b!.update(t.taskId, { type: 'cancelled' }),
    ])
    expect([done?.changed, cancelled?.changed].filter(Boolean)).toHaveLength(1)
    expect((await a!.get(t.taskId))?.status).toBe(done?.changed ? 'completed' : 'cancelled')
  })

  it('treats an expired task as unknown, and Redis deletes it and frees its budget', async () => {
    const {
      prefix,
      stores: [a],
    } = await stores(1, { maxTasksPerPrincipal: 1 })
    const raw = await connectClient()
    const t = task({ ttlMs: 300, principal: 'bob' })
    await a!.create(t)
    expect(await raw.pExpireTime(`${prefix}task:${t.taskId}`)).toBe(t.expiresAt)
    await expect(a!.create(task({ principal: 'bob' }))).rejects.toBeInstanceOf(TaskLimitError)
    await eventually(async () => {
      expect(await a!.get(t.taskId)).toBeUndefined()
      expect(await raw.exists(`${prefix}task:${t.taskId}`)).toBe(0)
    })
    expect(await a!.update(t.taskId, { type: 'cancelled' })).toBeUndefined()
    await a!.create(task({ principal: 'bob' }))
  })

  it('keeps the budgets per principal and per store', async () => {
    const {
      stores: [a, b],
    } = await stores(2, { maxTasks: 3, maxTasksPerPrincipal: 2 })
    await a!.create(task({ principal: 'carol' }))
    await b!.create(task({ principal: 'carol' }))
    const refused = a!.create(task({ principal: 'carol' }))
    await expect(refused).rejects.toBeInstanceOf(TaskLimitError)
    await expect(refused).rejects.toMatchObject({ code: -32000, httpStatus: 429 })
    await b!.create(task())
    await expect(a!.create(task({ principal: 'dave' }))).rejects.toThrow(/the server holds 3/)
  })

  it('never overshoots a budget under concurrent creates from two clients', async () => {
    const {
      stores: [a, b],
    } = await stores(2, { maxTasks: 5, maxTasksPerPrincipal: 100 })
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? a! : b!).create(task({ principal: `p${i}` }))),
    )
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5)
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(TaskLimitError)
  })

  it('refuses budgets that are not positive integers', async () => {
    const client = await connectClient()
    expect(() => createRedisTaskStore({ client, maxTasks: 0 })).toThrow(RangeError)
    expect(() => createRedisTaskStore({ client, maxTasksPerPrincipal: 1.5 })).toThrow(RangeError)
  })
})
