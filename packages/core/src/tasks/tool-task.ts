import type { CallToolParams, ClientRequestOptions, JsonObject, Result } from '../client/types.js'
import type { CallToolResult } from '../server/types.js'
import type { TaskInputRequest, TaskStatus } from './types.js'

/** A task as `tasks/get` describes it (SEP-2663 DetailedTask). */
export interface TaskInfo extends Result {
  taskId: string
  status: TaskStatus
  statusMessage?: string
  createdAt: string
  lastUpdatedAt: string
  ttlMs: number | null
  pollIntervalMs?: number
  inputRequests?: Record<string, TaskInputRequest>
  result?: CallToolResult
  error?: { code: number; message: string; data?: unknown }
}

/**
 * What a task handle needs of a client: `request` and `awaitTask`, which an `McpClient` has (a client built
 * with `tasks: clientTasks()`, so that the server may answer with a task at all).
 */
export interface ToolTaskClient {
  request<T extends Result = Result>(
    method: string,
    params?: JsonObject,
    options?: ClientRequestOptions,
  ): Promise<T>
  awaitTask(created: Result, options?: ClientRequestOptions): Promise<CallToolResult & Result>
}

/**
 * A tool call the client follows itself (from `callToolTask`): look at its status, answer its questions,
 * cancel it, or wait for its result. When the server answered at once (no task), `taskId` is undefined and
 * `result()` resolves with that answer.
 */
export class ToolTask {
  readonly #client: ToolTaskClient
  readonly #created: Result

  constructor(client: ToolTaskClient, created: Result) {
    this.#client = client
    this.#created = created
  }

  /** The task's id; undefined when the call was answered without a task. */
  get taskId(): string | undefined {
    return this.#created.resultType === 'task' ? (this.#created as { taskId?: string }).taskId : undefined
  }

  #id(what: string): string {
    const id = this.taskId
    if (id === undefined) throw new TypeError(`${what}: the call was answered without a task`)
    return id
  }

  /** `tasks/get`: the task now. */
  get(options?: ClientRequestOptions): Promise<TaskInfo> {
    return this.#client.request<TaskInfo>('tasks/get', { taskId: this.#id('get') }, options)
  }

  /** `tasks/update`: answers to the task's `inputRequests`, by key (answers to other keys are ignored). */
  async provideInput(
    inputResponses: Record<string, JsonObject>,
    options?: ClientRequestOptions,
  ): Promise<void> {
    await this.#client.request('tasks/update', { taskId: this.#id('provideInput'), inputResponses }, options)
  }

  /** `tasks/cancel`: asks the server to stop the task (idempotent). */
  async cancel(options?: ClientRequestOptions): Promise<void> {
    await this.#client.request('tasks/cancel', { taskId: this.#id('cancel') }, options)
  }

  /**
   * Waits for the final result, answering input requests with the client's handlers (as `callTool` does). A
   * failed task throws its ProtocolError; a cancelled one an McpLocalError (`aborted`).
   */
  result(options?: ClientRequestOptions): Promise<CallToolResult & Result> {
    if (this.taskId === undefined) return Promise.resolve(this.#created as CallToolResult & Result)
    return this.#client.awaitTask(this.#created, options)
  }
}

/**
 * Calls a tool and hands back the task the server created for it, rather than waiting for its result as
 * `client.callTool` does.
 *
 * @example
 * const task = await callToolTask(client, { name: 'build_report', arguments: { year: 2026 } })
 * console.log(task.taskId, (await task.get()).status)
 * const { content } = await task.result({ onprogress: (p) => console.log(p.message) })
 */
export async function callToolTask(
  client: ToolTaskClient,
  params: CallToolParams,
  options?: ClientRequestOptions,
): Promise<ToolTask> {
  return new ToolTask(client, await client.request('tools/call', { ...params }, options))
}
