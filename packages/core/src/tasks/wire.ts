import type { JsonObject } from '../server/types.js'
import type { TaskRecord } from './types.js'

import { PROGRESS_META } from '../protocol/tasks.js'

/** The fields every task message carries (SEP-2663 `Task`). */
function base(task: TaskRecord): JsonObject {
  const out: JsonObject = {
    taskId: task.taskId,
    status: task.status,
    createdAt: task.createdAt,
    lastUpdatedAt: task.lastUpdatedAt,
    ttlMs: task.ttlMs,
  }
  if (task.statusMessage !== undefined) out.statusMessage = task.statusMessage
  if (task.pollIntervalMs !== undefined) out.pollIntervalMs = task.pollIntervalMs
  return out
}

/** The CreateTaskResult answering the `tools/call` that created `task`: flat, no result, error or input. */
export const createTaskResult = (task: TaskRecord): JsonObject => ({ resultType: 'task', ...base(task) })

/** The `tasks/get` result (DetailedTask): the pending input, the result or the error inlined by status. */
export function detailedTask(task: TaskRecord): JsonObject {
  const out = base(task)
  if (task.status === 'input_required') out.inputRequests = task.inputRequests ?? {}
  else if (task.status === 'completed') out.result = task.result ?? { content: [] }
  else if (task.status === 'failed') out.error = task.error ?? { code: -32603, message: 'Task failed' }
  if (task.progress && (task.status === 'working' || task.status === 'input_required'))
    out._meta = { [PROGRESS_META]: task.progress }
  return out
}
