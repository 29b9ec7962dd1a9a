import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TaskLimitError } from './limits.js'
import { createMemoryTaskStore } from './memory-store.js'
import { taskRecord } from '../../test/helpers/task-record.js'

const T0 = Date.parse('2026-01-01T00:00:00Z')

describe('createMemoryTaskStore', () => {
  it('finds a task once create resolves, and hands out copies', async () => {
    const store = createMemoryTaskStore({ now: () => T0 })
    const t = taskRecord()
    await store.create(t)
    const got = await store.get('task-1')
    expect(got).toEqual(t)
    got!.status = 'failed'
    expect((await store.get('task-1'))?.status).toBe('working')
    await expect(store.create(t)).rejects.toThrow(/already exists/)
  })

  it('applies changes and reports whether they applied', async () => {
    const store = createMemoryTaskStore({ now: () => T0 })
    await store.create(taskRecord())
    const done = await store.update('task-1', { type: 'completed', result: { content: [] } })
    expect(done).toMatchObject({
      changed: true,
      previous: { status: 'working' },
      current: { status: 'completed' },
    })
    const late = await store.update('task-1', { type: 'cancelled' })
    expect(late).toMatchObject({ changed: false, current: { status: 'completed' } })
    expect(await store.update('nope', { type: 'cancelled' })).toBeUndefined()
  })

  it('forgets a task once it expires', async () => {
    let now = T0
    const store = createMemoryTaskStore({ now: () => now })
    await store.create(taskRecord())
    now = T0 + 59_999
    expect(await store.get('task-1')).toBeDefined()
    now = T0 + 60_000
    expect(await store.get('task-1')).toBeUndefined()
    expect(await store.update('task-1', { type: 'cancelled' })).toBeUndefined()
  })

  it('holds its budgets per principal and in all, counting only unexpired tasks', async () => {
    let now = T0
    const store = createMemoryTaskStore({ maxTasks: 3, maxTasksPerPrincipal: 2, now: () => now })
    await store.create(taskRecord({ taskId: 'a1', principal: 'alice' }))
    await store.create(taskRecord({ taskId: 'a2', principal: 'alice' }))
    const refused = store.create(taskRecord({ taskId: 'a3', principal: 'alice' }))
    await expect(refused).rejects.toBeInstanceOf(TaskLimitError)
    await expect(refused).rejects.toMatchObject({ code: -32000, httpStatus: 429 })
    await store.create(taskRecord({ taskId: 'b1', principal: 'bob' }))
    await expect(store.create(taskRecord({ taskId: 'c1', principal: 'carol' }))).rejects.toThrow(/holds 3/)
    now = T0 + 60_000
    await store.create(taskRecord({ taskId: 'a3', principal: 'alice', expiresAt: now + 60_000 }))
    await store.create(taskRecord({ taskId: 'c1', principal: 'carol', expiresAt: now + 60_000 }))
  })

  it('never holds more than its budget, whatever is created, changed and expired', async () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('create' as const),
        who: fc.integer({ min: 0, max: 3 }),
        ttl: fc.integer({ min: 1, max: 50 }),
      }),
      fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 0, max: 30 }) }),
      fc.record({ kind: fc.constant('cancel' as const), n: fc.nat() }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 80 }), async (ops) => {
        let now = T0
        let id = 0
        const made: string[] = []
        const store = createMemoryTaskStore({ maxTasks: 6, maxTasksPerPrincipal: 3, now: () => now })
        for (const o of ops) {
          if (o.kind === 'tick') now += o.ms
          else if (o.kind === 'cancel') {
            const target = made[o.n % Math.max(made.length, 1)]
            if (target) await store.update(target, { type: 'cancelled' })
          } else {
            const taskId = `t${id++}`
            try {
              await store.create(taskRecord({ taskId, principal: `p${o.who}`, expiresAt: now + o.ttl }))
              made.push(taskId)
            } catch (e) {
              expect(e).toBeInstanceOf(TaskLimitError)
            }
          }
          const live = (await Promise.all(made.map((t) => store.get(t)))).filter((t) => t !== undefined)
          expect(live.length).toBeLessThanOrEqual(6)
          const per = new Map<string, number>()
          for (const t of live) per.set(t.principal!, (per.get(t.principal!) ?? 0) + 1)
          for (const n of per.values()) expect(n).toBeLessThanOrEqual(3)
        }
      }),
    )
  })
})
