import { HandlerContext } from '../server/context.js'
import type { RequestScope } from '../server/core.js'

/** The scopes of task runs (`executeTask`): the id of the task each runs as. */
export const taskRuns = new WeakMap<RequestScope, string>()

/**
 * The handler context of a tool call the tasks extension takes part in: `ctx.taskId` says which task the call
 * runs as, and `ctx.startTask()` turns a call into a task when the tool lets its handler decide.
 */
export class TaskContext extends HandlerContext {
  readonly #taskId: string | undefined
  readonly #start: (() => Promise<void>) | undefined

  constructor(scope: RequestScope, taskId: string | undefined, start?: () => Promise<void>) {
    super(scope)
    this.#taskId = taskId
    this.#start = start
  }

  override get taskId(): string | undefined {
    return this.#taskId
  }

  override startTask(): Promise<void> {
    return this.#start?.() ?? Promise.resolve()
  }
}
