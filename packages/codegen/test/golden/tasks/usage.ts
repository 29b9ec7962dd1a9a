// Hand-written: how the functions of task-capable tools are used. Type-checked with every golden output;
// every expected error below must stay an error.
import type { CallToolResult } from '@edgemcp/core'
import type { TaskInfo } from '@edgemcp/core/tasks'
import {
  type BuildReportOutput,
  buildReport,
  connect,
  ping,
  reindex,
  type TaskCallOptions,
  type ToolCaller,
  type ToolContent,
  type ToolResult,
  type ToolTaskHandle,
} from './client.js'

declare const caller: ToolCaller
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
const expectType = <T extends true>(): void => {}

export async function usage(): Promise<void> {
  // Without `task`, a call waits for the task and resolves to the final result, as for any tool.
  const full = await buildReport(caller, { year: 2026 })
  expectType<Equal<typeof full, ToolResult<BuildReportOutput>>>()
  const report = await buildReport(caller, { year: 2026 }, { unwrap: true, onprogress: (p) => p.message })
  expectType<Equal<typeof report, BuildReportOutput>>()
  const blocks = await reindex(caller, {}, { unwrap: true })
  expectType<Equal<typeof blocks, ToolContent>>()

  // `task: true`: the handle, its result typed.
  const task = await buildReport(caller, { year: 2026 }, { task: true })
  expectType<Equal<typeof task, ToolTaskHandle<ToolResult<BuildReportOutput>>>>()
  const id: string | undefined = task.taskId
  const info: TaskInfo = await task.get()
  await task.provideInput({ confirm: { action: 'accept', content: { ok: true } } })
  await task.cancel()
  const result = await task.result({ timeoutMs: 1000 })
  expectType<Equal<typeof result, ToolResult<BuildReportOutput>>>()
  const pages: number | undefined = result.structuredContent?.pages
  const untyped = await reindex(caller, undefined, { task: true })
  expectType<Equal<Awaited<ReturnType<typeof untyped.result>>, CallToolResult>>()

  // A task option decided at run time: either.
  const options: TaskCallOptions = {}
  const either = await buildReport(caller, { year: 1 }, options)
  expectType<
    Equal<
      typeof either,
      ToolResult<BuildReportOutput> | BuildReportOutput | ToolTaskHandle<ToolResult<BuildReportOutput>>
    >
  >()

  // connect() resolves to methods with the same options.
  const mcp = await connect('http://127.0.0.1:8787/mcp')
  const viaMethod = await mcp.buildReport({ year: 2026 }, { task: true })
  expectType<Equal<typeof viaMethod, ToolTaskHandle<ToolResult<BuildReportOutput>>>>()
  await mcp.close()

  // @ts-expect-error a tool that never runs as a task takes no `task` option
  await ping(caller, {}, { task: true })
  void [id, info, pages]
}
