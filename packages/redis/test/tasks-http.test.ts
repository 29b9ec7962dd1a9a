// Tasks shared through Redis, end to end over real HTTP: two Node servers (two McpServers, each with its own
// Redis client and createRedisTaskStore on one prefix), an McpClient creating a task through the first, and a
// second McpClient that follows it through the other server (tasks/get, tasks/cancel). The task runs in the
// first server's process (the default runner); the second server only sees the store.
import { McpClient, McpServer } from '@edgemcp/core'
import {
  callToolTask,
  clientTasks,
  type TaskInfo,
  type TaskStore,
  type TaskTransition,
  taskExtension,
} from '@edgemcp/core/tasks'
import { StreamableHttpClientTransport, createMcpHandler } from '@edgemcp/streamable-http'
import { type RunningServer, serve } from '@edgemcp/streamable-http/node'
import { eventually } from '@edgemcp/test-helpers'
import { createClient } from '@redis/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRedisTaskStore } from '../src/index.js'
import { type RunningRedis, startRedisServer } from '../src/testing.js'

let redis: RunningRedis
const closers: (() => Promise<unknown>)[] = []
beforeAll(async () => {
  redis = await startRedisServer()
}, 30_000)
afterAll(async () => {
  for (const close of closers.reverse()) await close()
  await redis?.stop()
})

/** Lets the test decide when a run may finish. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open, opened }
}

/**
 * One server instance: its own Redis client and McpServer, with a `report` tool that waits for `release`.
 * `completions` are what the store answered to this instance's runs finishing.
 */
async function instance(release: Promise<void>) {
  const redisClient = createClient({ url: redis.url })
  await redisClient.connect()
  closers.push(() => redisClient.close())
  const redisStore = createRedisTaskStore({ client: redisClient, prefix: 'http-tasks:' })
  const completions: (TaskTransition | undefined)[] = []
  const store: TaskStore = {
    create: (task) => redisStore.create(task),
    get: (taskId) => redisStore.get(taskId),
    async update(taskId, change) {
      const transition = await redisStore.update(taskId, change)
      if (change.type === 'completed') completions.push(transition)
      return transition
    },
  }
  const server = new McpServer(
    { name: 'redis-tasks', version: '1.0.0' },
    {
      tasks: taskExtension({
        store,
        pollIntervalMs: 20,
      }),
    },
  )
  server.tool(
    'report',
    {
      inputSchema: { type: 'object', properties: { months: { type: 'number' } }, required: ['months'] },
      task: 'required',
    },
    async ({ months }, ctx) => {
      await ctx.progress(1, 2, 'gathering')
      await release
      return { content: [{ type: 'text', text: `report for ${String(months)} months` }] }
    },
  )
  const running: RunningServer = await serve(createMcpHandler(server))
  closers.push(() => running.close())
  return { running, completions }
}

async function clientOf({ running }: { running: RunningServer }) {
  const client = new McpClient(
    { name: 'redis-tasks-test', version: '1.0.0' },
    { protocol: '2026-07-28', tasks: clientTasks() },
  )
  await client.connect(new StreamableHttpClientTransport(`${running.url}/`))
  closers.push(() => client.close())
  return client
}

describe('tasks in Redis over HTTP', () => {
  it('serves a task created through one instance from another', async () => {
    const release = gate()
    const [first, second] = [await instance(release.opened), await instance(release.opened)]
    const creator = await clientOf(first)
    const other = await clientOf(second)

    const task = await callToolTask(creator, { name: 'report', arguments: { months: 3 } })
    expect(task.taskId).toEqual(expect.any(String))
    const taskId = task.taskId!

    // The second instance never ran the tool: all it knows comes from Redis.
    const working = await eventually(async () => {
      const info = await other.request<TaskInfo>('tasks/get', { taskId })
      expect(info.statusMessage).toBe('gathering')
      return info
    })
    expect(working).toMatchObject({ taskId, status: 'working' })

    release.open()
    const done = await eventually(async () => {
      const info = await other.request<TaskInfo>('tasks/get', { taskId })
      expect(info.status).toBe('completed')
      return info
    })
    expect(done.result).toMatchObject({ content: [{ type: 'text', text: 'report for 3 months' }] })
    expect(await task.result()).toMatchObject({ content: [{ type: 'text', text: 'report for 3 months' }] })

    // Unknown tasks are an error on every instance.
    await expect(other.request('tasks/get', { taskId: 'no-such-task' })).rejects.toThrow(/Unknown task/)
  })

  it('cancels through another instance; the late result of the run is dropped', async () => {
    const release = gate()
    const [first, second] = [await instance(release.opened), await instance(release.opened)]
    const creator = await clientOf(first)
    const other = await clientOf(second)

    const task = await callToolTask(creator, { name: 'report', arguments: { months: 1 } })
    const taskId = task.taskId!
    await other.request('tasks/cancel', { taskId })
    expect((await task.get()).status).toBe('cancelled')

    release.open()
    // The run in the first instance finishes now; its completion must not replace the cancellation.
    const [late] = await eventually(() => {
      expect(first.completions).toHaveLength(1)
      return first.completions
    })
    expect(late).toMatchObject({ changed: false, current: { status: 'cancelled' } })
    await expect(task.result()).rejects.toThrow()
    expect((await other.request<TaskInfo>('tasks/get', { taskId })).status).toBe('cancelled')
  })
})
