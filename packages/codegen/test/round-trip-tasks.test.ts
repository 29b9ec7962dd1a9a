import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { McpClient, McpLocalError, McpServer, ProtocolError } from '@edgemcp/core'
import { clientTasks, createMemoryTaskStore, taskExtension } from '@edgemcp/core/tasks'
import { createMcpHandler } from '@edgemcp/streamable-http'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { type RunningServer, serve } from '@edgemcp/streamable-http/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { delay } from '@edgemcp/test-helpers'
import { loadGenerated, runCli as run } from './support/cli.js'
import { packageRoot, typecheck } from './support/typecheck.js'

/**
 * Stubs of task-capable tools (SEP-2663, issue 17), generated from a live server over Streamable HTTP and
 * driven against it: a stub waits for the task and resolves to the final typed result (progress reported, an
 * elicitation answered on the way); `{ task: true }` hands back the task itself; cancel, tool errors, clients
 * that do not take tasks, and a `--check` of the snapshot.
 */

let running: RunningServer
let work: string
let generated: Record<string, any>
const runCli = (args: string[]) => run(args, work)
/** What the server saw: the abort reasons of `reindex` runs, and whether `build_report` ran as a task. */
const seen = { aborted: 0, asTask: [] as boolean[] }
const open: Array<{ close(): Promise<void> }> = []

function createTaskServer(): McpServer {
  const server = new McpServer(
    { name: 'codegen-tasks', version: '1.0.0' },
    { tasks: taskExtension({ store: createMemoryTaskStore(), pollIntervalMs: 20 }) },
  )
  server.tool(
    'build_report',
    {
      description: 'Builds a report in the format the user picks.',
      inputSchema: {
        type: 'object',
        properties: { pages: { type: 'integer', minimum: 1 } },
        required: ['pages'],
      },
      outputSchema: {
        type: 'object',
        properties: { pages: { type: 'integer' }, format: { type: 'string' } },
        required: ['pages', 'format'],
      },
      task: 'optional',
    },
    async ({ pages }, ctx) => {
      seen.asTask.push(ctx.taskId !== undefined)
      const answer = await ctx.elicit({
        message: 'Which format?',
        requestedSchema: {
          type: 'object',
          properties: { format: { type: 'string', enum: ['pdf', 'html'] } },
          required: ['format'],
        },
      })
      const format = answer.action === 'accept' ? String(answer.content?.format) : 'none'
      for (let page = 1; page <= pages; page++) {
        await ctx.progress(page, pages, `page ${page}`)
        await delay(5, ctx.signal)
      }
      return { content: [{ type: 'text', text: `${pages} pages` }], structuredContent: { pages, format } }
    },
  )
  server.tool('reindex', { description: 'Runs until cancelled.', task: 'required' }, async (_args, ctx) => {
    try {
      await delay(3_600_000, ctx.signal)
    } finally {
      seen.aborted++
    }
    return { content: [] }
  })
  server.tool('lint', { description: 'Reports a tool error.', task: 'optional' }, () => ({
    content: [{ type: 'text', text: 'lint found 3 problems' }],
    isError: true,
  }))
  server.tool('greet', { description: 'Never a task.' }, () => ({ content: [{ type: 'text', text: 'hi' }] }))
  return server
}

const answerPdf = { elicit: async () => ({ action: 'accept' as const, content: { format: 'pdf' } }) }

/** The generated connect(), as a 2026-07-28 client answering elicitations. */
async function connectGenerated(options: Record<string, unknown> = {}) {
  const mcp = await generated.connect(`${running.url}/`, {
    client: { protocol: '2026-07-28', handlers: answerPdf, ...options },
  })
  open.push(mcp)
  return mcp
}

beforeAll(async () => {
  running = await serve(createMcpHandler(createTaskServer()))
  mkdirSync(join(packageRoot, '.tmp'), { recursive: true })
  work = mkdtempSync(join(packageRoot, '.tmp', 'tasks-'))
  const made = await runCli([`${running.url}/`, '-o', 'client.ts', '--snapshot', 'listing.json', '-q'])
  expect(made).toMatchObject({ code: 0 })
  generated = await loadGenerated(work, 'client.ts')
})
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()))
})
afterAll(async () => {
  await running?.close()
  rmSync(work, { recursive: true, force: true })
})

describe('stubs of task-capable tools', () => {
  it('are marked from the listing, compile strictly, and the snapshot regenerates the same file', async () => {
    const text = readFileSync(join(work, 'client.ts'), 'utf8')
    expect(text).toContain('@tool build_report\n * @taskSupport optional')
    expect(text).toContain('@tool reindex\n * @taskSupport required')
    expect(text).not.toMatch(/@tool greet\n \* @taskSupport/)
    expect(text).toMatch(/^import \{ callToolTask, clientTasks \} from '@edgemcp\/core\/tasks';$/m)
    expect(typecheck([join(work, 'client.ts')])).toEqual([])
    const check = await runCli(['listing.json', '-o', 'client.ts', '--check'])
    expect(check).toEqual({ code: 0, stderr: expect.stringContaining('client.ts is up to date') })
  })

  it('wait for the task and resolve to the typed result, with progress and the elicitation answered', async () => {
    const mcp = await connectGenerated()
    const progress: number[] = []
    const before = seen.asTask.length
    const report = await mcp.buildReport(
      { pages: 3 },
      { unwrap: true, onprogress: (p: { progress: number }) => progress.push(p.progress) },
    )
    expect(report).toEqual({ pages: 3, format: 'pdf' })
    // It ran as a task (replayed once the answer came), never inline.
    expect(seen.asTask.slice(before)).not.toContain(false)
    // Progress is polled: what was seen comes in order, without repeats.
    expect(progress).toEqual([...new Set(progress)].sort())
    const whole = await mcp.buildReport({ pages: 1 })
    expect(whole.structuredContent).toEqual({ pages: 1, format: 'pdf' })
  })

  it('{ task: true } hands back the task: status, input by hand, typed result', async () => {
    const mcp = await connectGenerated()
    const task = await mcp.buildReport({ pages: 2 }, { task: true })
    expect(task.taskId).toMatch(/^[0-9a-f]{32}$/)
    let info = await task.get()
    await vi.waitFor(async () => {
      info = await task.get()
      expect(info.status).toBe('input_required')
    })
    const [key] = Object.keys(info.inputRequests ?? {})
    expect(info.inputRequests[key as string].params.message).toBe('Which format?')
    await task.provideInput({ [key as string]: { action: 'accept', content: { format: 'html' } } })
    const result = await task.result()
    expect(result.structuredContent).toEqual({ pages: 2, format: 'html' })
    expect((await task.get()).status).toBe('completed')
  })

  it('cancel stops the server handler; the handle reports it', async () => {
    const mcp = await connectGenerated()
    const before = seen.aborted
    const task = await mcp.reindex({}, { task: true })
    await task.cancel()
    await vi.waitFor(() => expect(seen.aborted).toBe(before + 1))
    expect((await task.get()).status).toBe('cancelled')
    const outcome = await task.result().catch((e: unknown) => e)
    expect(outcome).toBeInstanceOf(McpLocalError)
    expect(outcome).toMatchObject({ kind: 'aborted' })
  })

  it('a tool error inside a task is a completed task: unwrap throws the generated ToolCallError', async () => {
    const mcp = await connectGenerated()
    const error = await mcp.lint({}, { unwrap: true }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(generated.ToolCallError)
    expect(error).toMatchObject({ tool: 'lint', message: 'lint found 3 problems' })
  })

  it('with an McpClient that does not take tasks: optional tools run inline, required ones are refused', async () => {
    const client = new McpClient(
      { name: 'no-tasks', version: '1.0.0' },
      { protocol: '2026-07-28', handlers: answerPdf },
    )
    await client.connect(new StreamableHttpClientTransport(`${running.url}/`))
    open.push(client)
    const before = seen.asTask.length
    expect(await generated.buildReport(client, { pages: 1 }, { unwrap: true })).toEqual({
      pages: 1,
      format: 'pdf',
    })
    // Inline: the handler ran in the request, and again once the elicitation was answered (MRTR).
    expect(seen.asTask.slice(before)).toEqual([false, false])
    const refused = await generated.reindex(client, {}).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ProtocolError)
    expect(refused).toMatchObject({ code: -32021 })
    // The same functions take a client built with clientTasks(): then the call waits for the task.
    const taking = new McpClient(
      { name: 'tasks', version: '1.0.0' },
      { protocol: '2026-07-28', handlers: answerPdf, tasks: clientTasks() },
    )
    await taking.connect(new StreamableHttpClientTransport(`${running.url}/`))
    open.push(taking)
    expect(await generated.buildReport(taking, { pages: 1 }, { unwrap: true })).toEqual({
      pages: 1,
      format: 'pdf',
    })
    expect(seen.asTask.at(-1)).toBe(true)
  })

  it('{ task: true } needs a client that can follow tasks; a legacy call is answered without one', async () => {
    const callerOnly = { callTool: async () => ({ content: [] }) }
    await expect(generated.reindex(callerOnly, {}, { task: true })).rejects.toThrow(
      /reindex: \{ task: true \} needs a client with request\(\) and awaitTask\(\)/,
    )
    // 2025-11-25 has no SEP-2663 tasks: the handle carries the answer, and has no task id.
    const legacy = await connectGenerated({ protocol: '2025-11-25' })
    const handle = await legacy.buildReport({ pages: 1 }, { task: true })
    expect(handle.taskId).toBeUndefined()
    expect((await handle.result()).structuredContent).toEqual({ pages: 1, format: 'pdf' })
  })
})

describe('the README', () => {
  it('its task example compiles against the golden file of task-capable tools (build_report, reindex)', () => {
    // The example's server has build_report as in test/golden/tasks (year in; pages and url out).
    copyFileSync(join(packageRoot, 'test', 'golden', 'tasks', 'client.ts'), join(work, 'reports-client.ts'))
    const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8')
    const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)]
      .map((m) => m[1]!)
      .filter((code) => code.includes("from './reports-client.js'"))
    expect(blocks).toHaveLength(1)
    const files = blocks.map(
      (code, i) => [join(work, `readme-tasks-${i}.ts`), `${code}\nexport {}\n`] as const,
    )
    expect(typecheck([join(work, 'reports-client.ts'), ...files.map(([f]) => f)], new Map(files))).toEqual([])
  })
})
