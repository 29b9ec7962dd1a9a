// Tasks (SEP-2663) in the test client, over real Streamable HTTP: a node HTTP server on a free port serving an
// McpServer with the tasks extension, and mcpHttp as a 2026-07-28 client that takes tasks. callTool waits for a
// task (its elicitation answered by onElicit), callToolTask hands the task back, waitForStatus and the
// toHaveTaskStatus matcher check where it is; failures, cancellation and the hang guard fail as documented.
import '../src/vitest-setup.js'
import { internalError, McpLocalError, McpServer, ProtocolError } from '@edgemcp/core'
import { createMemoryTaskStore, taskExtension } from '@edgemcp/core/tasks'
import { createMcpHandler } from '@edgemcp/streamable-http'
import { type RunningServer, serve } from '@edgemcp/streamable-http/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { delay } from '@edgemcp/test-helpers'
import { type McpTestClient, mcpHttp, TimeoutError, ToolCallError } from '../src/index.js'

const seen = { cancelled: 0, asTask: [] as boolean[] }
let release: () => void = () => {}

function makeServer() {
  const server = new McpServer(
    { name: 'tasks', version: '1.0.0' },
    { tasks: taskExtension({ store: createMemoryTaskStore(), pollIntervalMs: 20 }) },
  )
  server.tool(
    'summarise',
    {
      inputSchema: { type: 'object', properties: { items: { type: 'integer' } }, required: ['items'] },
      outputSchema: {
        type: 'object',
        properties: { items: { type: 'integer' }, style: { type: 'string' } },
        required: ['items', 'style'],
      },
      task: 'optional',
    },
    async ({ items }, ctx) => {
      seen.asTask.push(ctx.taskId !== undefined)
      const answer = await ctx.elicit({
        message: 'Which style?',
        requestedSchema: { type: 'object', properties: { style: { type: 'string' } }, required: ['style'] },
      })
      for (let i = 1; i <= items; i++) await ctx.progress(i, items, `item ${i}`)
      const style = String(answer.content?.style ?? 'none')
      return {
        content: [{ type: 'text', text: `${items} in ${style}` }],
        structuredContent: { items, style },
      }
    },
  )
  server.tool('held', { task: 'required' }, async (_args, ctx) => {
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    try {
      await Promise.race([released, delay(3_600_000, ctx.signal)])
    } finally {
      if (ctx.signal.aborted) seen.cancelled++
    }
    return { content: [{ type: 'text', text: 'released' }] }
  })
  server.tool('broken', { task: 'optional' }, () => {
    throw internalError('the job broke')
  })
  return server
}

let running: RunningServer
const open: McpTestClient[] = []
const connect = (options: { tasks?: boolean; taskTimeout?: number } = {}) => {
  const app = mcpHttp(running.url, {
    protocolVersion: '2026-07-28',
    tasks: true,
    onElicit: async () => ({ action: 'accept', content: { style: 'bullets' } }),
    ...options,
  })
  open.push(app)
  return app
}

beforeAll(async () => {
  running = await serve(createMcpHandler(makeServer()))
})
afterEach(async () => {
  await Promise.all(open.splice(0).map((a) => a.close()))
})
afterAll(() => running.close())

describe('tasks in the test client', () => {
  it('callTool waits for a task: the final result, its elicitation answered, matchers on it', async () => {
    const app = connect()
    const before = seen.asTask.length
    const result = await app.callTool('summarise', { items: 3 })
    expect(result.structuredContent).toEqual({ items: 3, style: 'bullets' })
    expect(result).toMatchToolOutputSchema()
    expect(result).toBeValidMCPResponse()
    expect(seen.asTask.slice(before)).not.toContain(false)
  })

  it('callToolTask hands back the task; waitForStatus and toHaveTaskStatus follow it', async () => {
    const app = connect()
    const task = await app.callToolTask('summarise', { items: 2 })
    expect(task.taskId).toMatch(/^[0-9a-f]{32}$/)
    expect(task.toolName).toBe('summarise')
    const asking = await task.waitForStatus('input_required')
    expect(asking).toHaveTaskStatus('input_required')
    const [key] = Object.keys(asking.inputRequests ?? {})
    await task.provideInput({ [key as string]: { action: 'accept', content: { style: 'prose' } } })
    const done = await task.waitForStatus('completed')
    expect(done.result?.structuredContent).toEqual({ items: 2, style: 'prose' })
    await expect(task).toHaveTaskStatus('completed')
    await expect(task).not.toHaveTaskStatus(['working', 'input_required'])
    const result = await task.result()
    expect(result).toMatchToolOutputSchema()
    // The raw CreateTaskResult of a request is a task too.
    const raw = await app.request('tools/call', { name: 'held', arguments: {} })
    expect(raw).toHaveTaskStatus('working')
    release()
  })

  it('toHaveTaskStatus says where the task is when it is not where the test expects', async () => {
    const app = connect()
    const task = await app.callToolTask('broken')
    await task.waitForStatus('failed')
    const failure = await Promise.resolve(expect(task).toHaveTaskStatus('completed')).catch((e: Error) => e)
    expect((failure as Error).message).toMatch(
      new RegExp(`expected task ${task.taskId} to be completed, but it is failed \\(-32603 the job broke\\)`),
    )
    expect(() => expect({ content: [] }).toHaveTaskStatus('working')).toThrow(/expected a task/)
    await expect(task.waitForStatus('completed')).rejects.toThrow(
      /ended failed \(-32603 the job broke\), not completed/,
    )
  })

  it('a failed task rejects callTool with ToolCallError; cancel ends the handler', async () => {
    const app = connect()
    const error = await app.callTool('broken').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ToolCallError)
    expect(error).toBeInstanceOf(ProtocolError)
    expect(error).toMatchObject({ code: -32603, message: expect.stringContaining('the job broke') })

    const before = seen.cancelled
    const task = await app.callToolTask('held')
    await task.waitForStatus('working')
    await task.cancel()
    await expect.poll(() => seen.cancelled).toBe(before + 1)
    await expect(task).toHaveTaskStatus('cancelled')
    const outcome = await task.result().catch((e: unknown) => e)
    expect(outcome).toBeInstanceOf(McpLocalError)
    expect(outcome).toMatchObject({ kind: 'aborted' })
  })

  it('a task that never ends fails callTool after taskTimeout, and is cancelled', async () => {
    // taskTimeout is a hang guard: the handler is held until the test lets it go, so the outcome is certain.
    const app = connect({ taskTimeout: 200 })
    const before = seen.cancelled
    const error = await app.callTool('held').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as Error).message).toMatch(
      /of tool "held" did not finish within 200 ms \(taskTimeout\); it was cancelled/,
    )
    await expect.poll(() => seen.cancelled).toBe(before + 1)
  })

  it('without tasks: true the same server answers in the request, and required tasks are refused', async () => {
    const app = connect({ tasks: false })
    const before = seen.asTask.length
    expect((await app.callTool('summarise', { items: 1 })).structuredContent).toEqual({
      items: 1,
      style: 'bullets',
    })
    expect(seen.asTask.slice(before).every((t) => t === false)).toBe(true)
    await expect(app.callTool('held')).toHaveMCPError(-32021)
    const handle = await app.callToolTask('summarise', { items: 1 })
    expect(handle.taskId).toBeUndefined()
    expect((await handle.result()).structuredContent).toEqual({ items: 1, style: 'bullets' })
  })
})
