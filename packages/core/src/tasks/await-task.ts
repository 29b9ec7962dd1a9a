import { McpLocalError } from '../errors/local-error.js'
import { fromErrorObject } from '../errors/protocol-error.js'
import type { JsonRpcErrorObject } from '../jsonrpc/types.js'
import { isObject } from '../protocol/json.js'
import { PROGRESS_META } from '../protocol/tasks.js'
import { readInputRequests } from '../client/mrtr-loop.js'
import type { ClientRequestOptions, JsonObject, ProgressInfo, TaskWaiter } from '../client/types.js'

import type { TaskClient } from '../client/types.js'

const remote = (message: string) => new McpLocalError('remote', message)

/** Resolves after `ms`, or rejects when `signal` aborts. */
const sleep = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', done)
      resolve()
    }, ms)
    if (signal?.aborted) done()
    else signal?.addEventListener('abort', done, { once: true })
  })

/**
 * The client side of the tasks extension, for `new McpClient(info, { tasks: clientTasks() })`: the client
 * declares `io.modelcontextprotocol/tasks` (2026-07-28) and `callTool` waits for a task as for any call.
 */
export const clientTasks = (): TaskWaiter => awaitTask

/**
 * Follows a task (SEP-2663) from its CreateTaskResult to its end: polls `tasks/get` at the server's
 * `pollIntervalMs` (1 s when absent, within 10 ms … 60 s), answers each new input request with the client's
 * handlers through `tasks/update`, reports stored progress to `onprogress`, and returns the final result (with
 * `resultType: 'complete'`, as a call answered at once).
 * A `failed` task throws its ProtocolError, a `cancelled` one an McpLocalError (`aborted`); aborting `signal`
 * cancels the task (`tasks/cancel`) and rejects.
 */
export async function awaitTask(
  client: TaskClient,
  created: JsonObject,
  options: ClientRequestOptions = {},
): Promise<JsonObject> {
  const { taskId } = created
  if (typeof taskId !== 'string') throw remote('Task without a taskId')
  const { signal, onprogress } = options
  const perRequest: ClientRequestOptions = signal ? { signal } : {}
  const answered = new Set<string>()
  let lastProgress = Number.NEGATIVE_INFINITY
  let task = created
  try {
    for (;;) {
      if (task.status === 'completed') {
        if (!isObject(task.result)) throw remote(`Task ${taskId}: no result`)
        // What a call answered at once would be: a complete CallToolResult of 2026-07-28 (the inlined result
        // of tasks/get is the tool's result, which SEP-2663 shows without the discriminator).
        return { resultType: 'complete', ...task.result }
      }
      if (task.status === 'failed')
        throw isObject(task.error)
          ? fromErrorObject(task.error as unknown as JsonRpcErrorObject)
          : remote(`Task ${taskId}: no error`)
      if (task.status === 'cancelled') throw new McpLocalError('aborted', `Task ${taskId} was cancelled`)
      const progress = isObject(task._meta) ? task._meta[PROGRESS_META] : undefined
      if (onprogress && isObject(progress) && typeof progress.progress === 'number') {
        if (progress.progress > lastProgress) onprogress(progress as unknown as ProgressInfo)
        lastProgress = progress.progress
      }
      const asked = task.status === 'input_required' ? (readInputRequests('tasks/get', task) ?? []) : []
      const fresh = asked.filter(([key]) => !answered.has(key))
      if (fresh.length > 0) {
        for (const [key] of fresh) answered.add(key)
        const answers = await Promise.all(
          fresh.map(async ([key, request]) => [key, await client.fulfil(key, request, signal)]),
        )
        const inputResponses = Object.fromEntries(answers)
        await client.request('tasks/update', { taskId, inputResponses }, perRequest)
      } else {
        const every = typeof task.pollIntervalMs === 'number' ? task.pollIntervalMs : 1000
        await sleep(Math.min(Math.max(every, 10), 60_000), signal)
      }
      task = await client.request('tasks/get', { taskId }, perRequest)
    }
  } catch (e) {
    if (signal?.aborted) await client.request('tasks/cancel', { taskId }).catch(() => {})
    throw e
  }
}
