// The tasks extension (SEP-2663) end to end through the real Streamable HTTP transport: a node HTTP server on a
// free port serving an McpServer with an in-memory task store, and McpClient over the fetch-based transport.
// What is checked: callTool waits for a task and returns its final result (with progress and an elicitation
// answered by the client's handler along the way), the task handle of @edgemcp/core/tasks (status, input,
// cancel, result), failures and cancellation as errors, and a client that does not take tasks.
import { McpClient, McpLocalError, McpServer, ProtocolError, internalError } from '@edgemcp/core'
import { callToolTask, clientTasks, createMemoryTaskStore, taskExtension } from '@edgemcp/core/tasks'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { delay } from '@edgemcp/test-helpers'
import { StreamableHttpClientTransport } from '../src/client/transport.js'
import { createMcpHandler } from '../src/handler.js'
import { type RunningServer, serve } from '../src/node.js'

let running: RunningServer | undefined
let client: McpClient | undefined
afterEach(async () => {
  await client?.close()
  await running?.close()
  client = undefined
  running = undefined
})

function makeServer() {
  const server = new McpServer(
    { name: 'tasks', version: '1.0.0' },
    { tasks: taskExtension({ store: createMemoryTaskStore(), pollIntervalMs: 20 }) },
  )
  const seen = { cancelled: 0 }
  server.tool(
    'report',
    {
      inputSchema: { type: 'object', properties: { months: { type: 'number' } }, required: ['months'] },
      task: 'optional',
    },
    async ({ months }, ctx) => {
      const ok = await ctx.elicit({
        message: `Build ${months} months?`,
        requestedSchema: { type: 'object', properties: { who: { type: 'string' } } },
      })
      if (ok.action !== 'accept') return { content: [{ type: 'text', text: 'not built' }] }
      for (let m = 1; m <= months; m++) {
        await ctx.progress(m, months, `month ${m}`)
        await delay(5, ctx.signal)
      }
      return {
        content: [
          { type: 'text', text: `built for ${String(ok.content?.who)} (${ctx.taskId ? 'task' : 'inline'})` },
        ],
      }
    },
  )
  server.tool('forever', { task: 'required' }, async (_args, ctx) => {
    await ctx.progress(1, undefined, 'started')
    try {
      await delay(3_600_000, ctx.signal)
    } finally {
      seen.cancelled++
    }
    return { content: [] }
  })
  server.tool('broken', { task: 'optional' }, () => {
    throw internalError('the job broke')
  })
  return { server, seen }
}

async function connect(options: { tasks?: boolean } = {}) {
  const { tasks = true } = options
  const { server, seen } = makeServer()
  running = await serve(createMcpHandler(server))
  client = new McpClient(
    { name: 'tasks-test', version: '1.0.0' },
    {
      protocol: '2026-07-28',
      tasks: tasks ? clientTasks() : undefined,
      handlers: { elicit: async () => ({ action: 'accept', content: { who: 'Ada' } }) },
    },
  )
  await client.connect(new StreamableHttpClientTransport(`${running.url}/`))
  return { client, seen }
}

describe('tasks over Streamable HTTP', () => {
  it('callTool waits for the task: input answered, progress reported, final result returned', async () => {
    const { client } = await connect()
    const progress: Array<string | undefined> = []
    const result = await client.callTool(
      { name: 'report', arguments: { months: 3 } },
      { onprogress: (p) => progress.push(p.message) },
    )
    expect(result.content).toEqual([{ type: 'text', text: 'built for Ada (task)' }])
    // Progress is polled: whatever was seen arrives in order, without repeats.
    expect(progress).toEqual([...new Set(progress)])
    for (const m of progress) expect(m).toMatch(/^month [123]$/)
  })

  it('tools/list names the task-capable tools to 2026-07-28 clients only', async () => {
    const { client } = await connect()
    const listed = Object.fromEntries((await client.listAllTools()).map((t) => [t.name, t.execution]))
    expect(listed).toEqual({
      report: { taskSupport: 'optional' },
      forever: { taskSupport: 'required' },
      broken: { taskSupport: 'optional' },
    })
    // 2025-11-25 has the field for tasks of its own (SEP-1686), which this server does not run: left out.
    const legacy = new McpClient({ name: 'legacy', version: '1.0.0' }, { protocol: '2025-11-25' })
    await legacy.connect(new StreamableHttpClientTransport(`${running?.url}/`))
    try {
      for (const tool of await legacy.listAllTools()) expect(tool).not.toHaveProperty('execution')
      expect((await legacy.listAllTools()).length).toBe(3)
    } finally {
      await legacy.close()
    }
  })

  it('a client that does not take tasks gets the same handler inline', async () => {
    const { client } = await connect({ tasks: false })
    // (the default: only a client given `tasks: clientTasks()` declares the extension)
    const result = await client.callTool({ name: 'report', arguments: { months: 1 } })
    expect(result.content).toEqual([{ type: 'text', text: 'built for Ada (inline)' }])
    const refused = await client.callTool({ name: 'forever' }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ProtocolError)
    expect(refused).toMatchObject({ code: -32021 })
  })

  it('the task handle: status, input by hand, result', async () => {
    const { client } = await connect()
    const task = await callToolTask(client, { name: 'report', arguments: { months: 2 } })
    expect(task.taskId).toMatch(/^[0-9a-f]{32}$/)
    let info = await task.get()
    await vi.waitFor(async () => {
      info = await task.get()
      expect(info.status).toBe('input_required')
    })
    const [key] = Object.keys(info.inputRequests ?? {})
    expect(info.inputRequests?.[key!]?.method).toBe('elicitation/create')
    await task.provideInput({ [key!]: { action: 'accept', content: { who: 'Grace' } } })
    const result = await task.result()
    expect(result.content).toEqual([{ type: 'text', text: 'built for Grace (task)' }])
    expect((await task.get()).status).toBe('completed')
  })

  it('cancel stops the handler; a failed task throws its protocol error', async () => {
    const { client, seen } = await connect()
    const task = await callToolTask(client, { name: 'forever' })
    await task.cancel()
    await task.cancel() // idempotent
    await vi.waitFor(() => expect(seen.cancelled).toBe(1))
    expect((await task.get()).status).toBe('cancelled')
    const cancelled = await task.result().catch((e: unknown) => e)
    expect(cancelled).toBeInstanceOf(McpLocalError)
    expect(cancelled).toMatchObject({ kind: 'aborted' })

    const broken = await client.callTool({ name: 'broken' }).catch((e: unknown) => e)
    expect(broken).toBeInstanceOf(ProtocolError)
    expect(broken).toMatchObject({ code: -32603, message: 'the job broke' })
  })

  it("aborting callTool's signal cancels the task", async () => {
    const { client, seen } = await connect()
    const controller = new AbortController()
    // Aborted once the client follows the task (its first polled progress), not at some moment in time.
    const call = client.callTool(
      { name: 'forever' },
      { signal: controller.signal, onprogress: () => controller.abort(new Error('user gave up')) },
    )
    await expect(call).rejects.toThrow(/user gave up/)
    await vi.waitFor(() => expect(seen.cancelled).toBe(1))
  })
})
