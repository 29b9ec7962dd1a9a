import { modernMeta } from '@edgemcp/test-helpers'
import { describe, expect, it, vi } from 'vitest'
import { McpServer } from '../server/mcp-server.js'
import type { JsonObject } from '../server/types.js'
import { abortTask, runTask } from './control.js'
import { taskExtension } from './extension.js'
import { createMemoryTaskStore } from './memory-store.js'
import type { TaskRunner } from './types.js'
import { PROGRESS_META } from '../protocol/tasks.js'

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } }
let nextId = 1

/** A 2026-07-28 request through `server.handle()`: its result, or its error. */
async function call(
  server: McpServer,
  method: string,
  params: JsonObject,
  options: { caps?: JsonObject; principal?: string | undefined } = {},
) {
  const r = await server.handle(
    {
      jsonrpc: '2.0',
      id: nextId++,
      method,
      params: {
        ...params,
        _meta: modernMeta({
          'io.modelcontextprotocol/clientCapabilities': options.caps ?? { elicitation: {}, ...TASKS },
        }),
      },
    },
    { principal: options.principal },
  )
  return r.body as { result?: any; error?: any }
}

/** A server whose `work` tool waits until released, reporting progress and honouring its signal. */
function setup(options: { runner?: TaskRunner; maxResultBytes?: number } = {}) {
  const store = createMemoryTaskStore()
  const server = new McpServer({ name: 't', version: '1' }, { tasks: taskExtension({ store, ...options }) })
  let release: (text: string) => void = () => {}
  const released = new Promise<string>((r) => {
    release = r
  })
  const seen: { signal?: AbortSignal; authInfo?: unknown } = {}
  server.tool('work', { task: 'optional' }, async (_args, ctx) => {
    seen.signal = ctx.signal
    seen.authInfo = ctx.authInfo
    await ctx.progress(1, 2, 'halfway')
    const text = await Promise.race([
      released,
      new Promise<never>((_, reject) =>
        ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)),
      ),
    ])
    return { content: [{ type: 'text', text: `${text} ${ctx.taskId ? 'as a task' : 'inline'}` }] }
  })
  server.tool('big', { task: 'optional' }, () => ({ content: [{ type: 'text', text: 'x'.repeat(5000) }] }))
  return { server, store, release, seen }
}

const settled = async (server: McpServer, taskId: string, principal?: string) => {
  let task: any
  await vi.waitFor(async () => {
    task = (await call(server, 'tasks/get', { taskId }, { principal })).result
    expect(['completed', 'failed', 'cancelled']).toContain(task.status)
  })
  return task
}

describe('taskExtension', () => {
  it('declares the extension and runs a task-capable tool as a task, progress stored', async () => {
    const { server, release } = setup()
    expect(server.capabilities().extensions).toEqual(TASKS.extensions)
    const created = (await call(server, 'tools/call', { name: 'work' })).result
    expect(created).toMatchObject({
      resultType: 'task',
      status: 'working',
      ttlMs: 3_600_000,
      pollIntervalMs: 1000,
    })
    await vi.waitFor(async () => {
      const got = (await call(server, 'tasks/get', { taskId: created.taskId })).result
      expect(got).toMatchObject({ resultType: 'complete', status: 'working', statusMessage: 'halfway' })
      expect(got._meta[PROGRESS_META]).toEqual({ progress: 1, total: 2, message: 'halfway' })
    })
    release('done')
    const done = await settled(server, created.taskId)
    expect(done).toMatchObject({ status: 'completed', result: { content: [{ text: 'done as a task' }] } })
  })

  it('runs the same handler inline for a client without the extension', async () => {
    const { server, release } = setup()
    release('done')
    const r = (await call(server, 'tools/call', { name: 'work' }, { caps: {} })).result
    expect(r).toMatchObject({ resultType: 'complete', content: [{ text: 'done inline' }] })
  })

  it("shows a task to its creator only, and cancel aborts the handler's signal", async () => {
    const { server, seen } = setup()
    const created = (await call(server, 'tools/call', { name: 'work' }, { principal: 'alice' })).result
    const asBob = await call(server, 'tasks/get', { taskId: created.taskId }, { principal: 'bob' })
    expect(asBob.error.code).toBe(-32602)
    expect(
      (await call(server, 'tasks/cancel', { taskId: created.taskId }, { principal: 'bob' })).error.code,
    ).toBe(-32602)
    await vi.waitFor(() => expect(seen.signal).toBeDefined())
    const ack = await call(server, 'tasks/cancel', { taskId: created.taskId }, { principal: 'alice' })
    expect(ack.result).toMatchObject({ resultType: 'complete' })
    expect(ack.result.taskId).toBeUndefined()
    expect(seen.signal?.aborted).toBe(true)
    expect(await settled(server, created.taskId, 'alice')).toMatchObject({ status: 'cancelled' })
  })

  it('fails a task whose result is over the budget', async () => {
    const { server } = setup({ maxResultBytes: 1000 })
    const created = (await call(server, 'tools/call', { name: 'big' })).result
    const failed = await settled(server, created.taskId)
    expect(failed.status).toBe('failed')
    expect(failed.error).toMatchObject({
      code: -32603,
      message: expect.stringMatching(/exceeds the limit of 1000/),
    })
    expect(failed.result).toBeUndefined()
  })

  it('lets a runner elsewhere execute the task with runTask, and stop it with abortTask', async () => {
    const started: string[] = []
    const runner: TaskRunner = { start: (task) => void started.push(task.taskId) }
    const { server, release, seen } = setup({ runner })
    const created = (await call(server, 'tools/call', { name: 'work' })).result
    expect(started).toEqual([created.taskId])
    expect((await call(server, 'tasks/get', { taskId: created.taskId })).result.status).toBe('working')
    const running = runTask(server, created.taskId)
    await vi.waitFor(() => expect(seen.signal).toBeDefined())
    expect(abortTask(server, 'nope')).toBe(false)
    expect(abortTask(server, created.taskId)).toBe(true)
    await running
    // Aborted here but not cancelled by the client: the task stays as the store says until a run finishes it.
    const again = runTask(server, created.taskId)
    release('later')
    await again
    expect(await settled(server, created.taskId)).toMatchObject({ status: 'completed' })
  })

  it('refuses bad options and servers without the extension', () => {
    const store = createMemoryTaskStore()
    expect(() => taskExtension({ store, ttlMs: 0 })).toThrow(RangeError)
    expect(() => taskExtension({ store, ttlMs: 10, maxTtlMs: 5 })).toThrow(/at most maxTtlMs/)
    expect(
      () =>
        new McpServer({ name: 't', version: '1' }, { tasks: { extension: 'io.modelcontextprotocol/tasks' } }),
    ).toThrow(/taskExtension/)
    expect(() => runTask(new McpServer({ name: 't', version: '1' }), 'x')).toThrow(/no tasks extension/)
  })
})
