import type { RequestScope, ServerCore } from './core.js'
import type { RegisteredTool } from './registry.js'
import type { JsonObject, TaskExtension } from './types.js'

/**
 * What the engine asks of the tasks extension (`@edgemcp/core/tasks`). The extension object a user passes is
 * opaque; its hooks are found here, so the engine carries none of the extension's code.
 */
export interface TaskHooks {
  /** The extension id declared under `capabilities.extensions`. */
  readonly id: string
  /** `tasks/get`, `tasks/update`, `tasks/cancel`. */
  readonly methods: Readonly<Record<string, (scope: RequestScope) => Promise<JsonObject>>>
  /**
   * A `tools/call` of a task-capable tool whose arguments checked: a CreateTaskResult (the task is created),
   * `'sync'` to run the handler in the request, or `'deferred'` when the handler decides (`ctx.startTask()`,
   * which the hook then sets on the scope). Throws -32021 for a required task the client cannot take.
   */
  callTool(scope: RequestScope, tool: RegisteredTool): Promise<JsonObject> | 'sync' | 'deferred'
  /** Runs a stored task in this isolate (`runTask`). */
  run(core: ServerCore, taskId: string): Promise<void>
  /** Aborts a task running in this isolate (`abortTask`); false when none runs here. */
  abort(taskId: string, reason?: unknown): boolean
}

const hooks = new WeakMap<TaskExtension, TaskHooks>()

/** Gives an extension object its hooks (the extension's own module does this once). */
export function attachTaskHooks(extension: TaskExtension, taskHooks: TaskHooks): TaskExtension {
  hooks.set(extension, taskHooks)
  return extension
}

/** The hooks of an extension object; throws for an object `taskExtension()` did not make. */
export function taskHooksOf(extension: TaskExtension): TaskHooks {
  const h = hooks.get(extension)
  if (!h) throw new TypeError('options.tasks must come from taskExtension() of @edgemcp/core/tasks')
  return h
}
