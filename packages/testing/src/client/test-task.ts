import type { ClientRequestOptions, JsonObject, Result } from '@edgemcp/core'
import {
  isTerminal,
  type TaskInfo,
  type TaskStatus,
  ToolTask,
  type ToolTaskClient,
} from '@edgemcp/core/tasks'
import { TimeoutError } from '../errors.js'
import type { MCPCallToolResult, MCPTool } from '../types.js'
import { remember } from './provenance.js'

/** Where a task came from: what `result()` records for the matchers, and the hang guard of waits. */
export interface TestTaskOrigin {
  toolName: string
  tool: MCPTool | undefined
  requestId: string | number
  protocolVersion: string
  /** `waitForStatus` gives up after this many milliseconds by default. */
  timeoutMs: number
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * A task the server runs for one `tools/call` (`app.callToolTask(...)`): core's `ToolTask` (`taskId`, `get()`,
 * `provideInput()`, `cancel()`, `result()`) with a `result()` the matchers know (`toMatchToolOutputSchema`
 * finds the tool), plus `waitForStatus()`. When the server answered without a task, `taskId` is undefined and
 * `result()` resolves with that answer.
 */
export class McpTestTask {
  readonly #task: ToolTask
  readonly #origin: TestTaskOrigin

  constructor(client: ToolTaskClient, created: Result, origin: TestTaskOrigin) {
    this.#task = new ToolTask(client, created)
    this.#origin = origin
  }

  /** The task's id; undefined when the call was answered without a task. */
  get taskId(): string | undefined {
    return this.#task.taskId
  }

  /** The tool this task runs. */
  get toolName(): string {
    return this.#origin.toolName
  }

  /** `tasks/get`: the task now (status, statusMessage, inputRequests, result or error). */
  get(options?: ClientRequestOptions): Promise<TaskInfo> {
    return this.#task.get(options)
  }

  /** `tasks/update`: answers to the task's `inputRequests`, by key. */
  provideInput(inputResponses: Record<string, JsonObject>, options?: ClientRequestOptions): Promise<void> {
    return this.#task.provideInput(inputResponses, options)
  }

  /** `tasks/cancel` (idempotent). */
  cancel(options?: ClientRequestOptions): Promise<void> {
    return this.#task.cancel(options)
  }

  /**
   * Waits for the final result, answering the task's input requests with `onElicit` / `onSample`. A failed task
   * rejects with its ProtocolError, a cancelled one with an McpLocalError (`aborted`).
   */
  async result(options?: ClientRequestOptions): Promise<MCPCallToolResult> {
    const result = await this.#task.result(options)
    return remember(result as unknown as MCPCallToolResult, {
      method: 'tools/call',
      protocolVersion: this.#origin.protocolVersion,
      requestId: this.#origin.requestId,
      tool: this.#origin.tool,
      toolName: this.#origin.toolName,
      envelope: false,
    })
  }

  /**
   * Polls `tasks/get` (at the task's `pollIntervalMs`, at most every second) until the task has one of
   * `statuses`, and resolves with what `tasks/get` said. Rejects when the task ends in another status, and
   * after `timeoutMs` (default: the client's `taskTimeout`) as a hang guard, naming the last status seen.
   */
  async waitForStatus(
    statuses: TaskStatus | readonly TaskStatus[],
    options: { timeoutMs?: number } = {},
  ): Promise<TaskInfo> {
    const wanted: readonly TaskStatus[] = typeof statuses === 'string' ? [statuses] : statuses
    const timeoutMs = options.timeoutMs ?? this.#origin.timeoutMs
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const info = await this.get()
      if (wanted.includes(info.status)) return info
      if (isTerminal(info.status))
        throw new Error(
          `task ${info.taskId} of tool "${this.toolName}" ended ${describe(info)}, not ${wanted.join(' or ')}`,
        )
      if (Date.now() >= deadline)
        throw new TimeoutError(
          'tasks/get',
          this.#origin.requestId,
          timeoutMs,
          `task ${info.taskId} of tool "${this.toolName}" is still ${describe(info)} after ${timeoutMs} ms (waiting for ${wanted.join(' or ')})`,
        )
      await pause(Math.min(Math.max(info.pollIntervalMs ?? 100, 10), 1000))
    }
  }
}

/** `working ("page 2")`, `failed (-32603 the job broke)`: a status with what explains it. */
export function describe(info: { status: string; statusMessage?: string; error?: unknown }): string {
  const error = info.error as { code?: unknown; message?: unknown } | undefined
  const why =
    info.status === 'failed' && error
      ? `${String(error.code)} ${String(error.message)}`
      : info.statusMessage !== undefined
        ? JSON.stringify(info.statusMessage)
        : ''
  return why ? `${info.status} (${why})` : info.status
}
