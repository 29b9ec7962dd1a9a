import { TaskLimitError, type TaskRunner, type TaskStore } from '@edgemcp/core/tasks'
import { namespaces } from './bindings.js'
import type { WorkerTaskOptions } from './options.js'
import type { TaskObjectRpc } from './task-object.js'

/**
 * The `store` and `runner` of the tasks extension, for `taskExtension({ ...tasks, ttlMs })` of
 * `@edgemcp/core/tasks`: from `durableTasks(env)` in the Worker, and handed to the server factory of
 * `createMcpTaskObject` inside the task object.
 */
export interface DurableTasks {
  store: TaskStore
  runner: TaskRunner
}

/** FNV-1a of `text`: the shard of a task id (stable across isolates and releases). */
function fnv1a(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
  return h
}

/** The stub of the task object holding `taskId`: `tasks-<n>` of the `binding` namespace. */
function taskObjects(
  env: unknown,
  options: Pick<WorkerTaskOptions, 'binding' | 'shards'>,
): (taskId: string) => TaskObjectRpc {
  const binding = options.binding ?? 'MCP_TASKS'
  const shards = Math.max(1, Math.floor(options.shards ?? 1))
  return (taskId) => {
    const [ns] = namespaces(env, [binding], 'class McpTaskObject') as [DurableObjectNamespace]
    return ns.get(ns.idFromName(`tasks-${fnv1a(taskId) % shards}`)) as unknown as TaskObjectRpc
  }
}

/**
 * A `TaskStore` for the Worker and its objects: each call goes to the task object holding the task, named
 * `tasks-<n>` in the `binding` namespace (default `MCP_TASKS`), `n` from the task id (`shards` objects, default
 * 1, share the tasks; changing the count strands existing tasks). Nothing is touched until a task is: a Worker
 * without the binding fails only when a task is stored.
 *
 * @example
 * const store = durableTaskStore(env) // in the server factory: (env, ctx) => new McpServer(…)
 */
export function durableTaskStore(
  env: unknown,
  options: Pick<WorkerTaskOptions, 'binding' | 'shards'> = {},
): TaskStore {
  return storeOn(taskObjects(env, options))
}

/** The `TaskStore` whose every call goes to the task object `object(taskId)` names. */
function storeOn(object: (taskId: string) => TaskObjectRpc): TaskStore {
  return {
    create: async (task) => {
      const refused = await object(task.taskId).create(task)
      if (refused) throw new TaskLimitError(refused)
    },
    get: (taskId) => object(taskId).get(taskId),
    update: (taskId, change) => object(taskId).update(taskId, change),
  }
}

/**
 * Tasks that run in their Durable Object (`createMcpTaskObject`): the store of `durableTaskStore`, and a
 * runner that ignores the Worker's own run and asks the object holding the task to run it (`start`) or to
 * abort its run (`cancel`). So a task outlives the request, and the isolate, that created it. Use the same
 * `binding` and `shards` everywhere.
 *
 * @example
 * // in the server factory of createMcpWorker:
 * new McpServer(info, { tasks: taskExtension({ ...durableTasks(env), ttlMs: 600_000 }) })
 */
export function durableTasks(
  env: unknown,
  options: Pick<WorkerTaskOptions, 'binding' | 'shards'> = {},
): DurableTasks {
  const object = taskObjects(env, options)
  return {
    store: storeOn(object),
    runner: {
      start: (task) => object(task.taskId).start(task.taskId),
      cancel: async (taskId) => {
        await object(taskId).cancel(taskId)
      },
    },
  }
}
