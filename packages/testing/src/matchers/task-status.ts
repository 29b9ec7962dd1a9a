import { describe } from '../client/test-task.js'
import {
  isObject,
  isThenable,
  type Json,
  type MatcherContext,
  type MCPMatcherResult,
  preview,
  settle,
  toolResultOf,
} from './shared.js'

/** A task handle (`app.callToolTask()`, core's `ToolTask`): asked for its status with `get()`. */
const isHandle = (v: unknown): v is { get(): Promise<unknown>; taskId: unknown } =>
  isObject(v) && typeof v.get === 'function' && 'taskId' in v

function judge(received: unknown, expected: readonly string[]): MCPMatcherResult {
  const task = toolResultOf(received) as Json | undefined
  if (!task || typeof task.status !== 'string' || typeof task.taskId !== 'string')
    return {
      pass: false,
      message: () =>
        `expected a task (a tasks/get result, a CreateTaskResult or a task handle), but received ${preview(received)}`,
    }
  const pass = expected.includes(task.status)
  const wanted = expected.join(' or ')
  return {
    pass,
    message: () =>
      pass
        ? `expected task ${task.taskId} not to be ${wanted}, but it is ${describe(task as never)}`
        : `expected task ${task.taskId} to be ${wanted}, but it is ${describe(task as never)}`,
  }
}

/**
 * `expect(task).toHaveTaskStatus('completed')` (SEP-2663): a task is in one of the statuses given. Takes what
 * `tasks/get` returned (a result or a whole response), a CreateTaskResult, a task handle (`app.callToolTask()`:
 * asks `tasks/get` once, so `await` it), or a promise of any of these. It checks the status now; to wait for a
 * status, use the handle's `waitForStatus()`.
 */
export function toHaveTaskStatus(
  this: MatcherContext,
  received: unknown,
  expected: string | readonly string[],
): MCPMatcherResult | Promise<MCPMatcherResult> {
  const statuses = typeof expected === 'string' ? [expected] : expected
  if (isHandle(received)) {
    if (received.taskId === undefined)
      return {
        pass: false,
        message: () =>
          'expected a task, but the server answered the call without one (the handle has no taskId)',
      }
    return received.get().then((info) => judge(info, statuses))
  }
  if (!isThenable(received)) return judge(received, statuses)
  return settle(received).then((s) => {
    if (s.ok)
      return isHandle(s.value) ? toHaveTaskStatus.call(this, s.value, statuses) : judge(s.value, statuses)
    const reason = s.error instanceof Error ? s.error.message : String(s.error)
    throw new Error(`toHaveTaskStatus: the request failed instead of returning a task: ${reason}`)
  })
}
