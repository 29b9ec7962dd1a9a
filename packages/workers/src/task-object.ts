import type { TaskChange, TaskRecord, TaskStore, TaskTransition } from '@edgemcp/core/tasks'
import { DurableObject } from 'cloudflare:workers'
import type { WorkerTaskOptions } from './options.js'
import { SqlTaskStore } from './sql-task-store.js'

/** What a task Durable Object answers over RPC: the `TaskStore` of the tasks it holds. */
export interface TaskObjectRpc {
  create(task: TaskRecord): Promise<void>
  get(taskId: string): Promise<TaskRecord | undefined>
  update(taskId: string, change: TaskChange): Promise<TaskTransition | undefined>
}

/** The public face of a task object (the class itself extends `DurableObject`), branded as one. */
export interface McpTaskObjectInstance extends TaskObjectRpc, Rpc.DurableObjectBranded {
  readonly store: SqlTaskStore
  alarm(): Promise<void>
}

export type McpTaskObjectClass<Env> = new (ctx: DurableObjectState, env: Env) => McpTaskObjectInstance

/**
 * The Durable Object class of tasks (SEP-2663): it keeps its tasks in SQLite (`SqlTaskStore`, with `options` as
 * its budgets), so a task outlives the request and the isolate that created it and the object's own restarts,
 * and its alarm deletes each task when its `ttlMs` ends. A function of its own (not part of `createMcpWorker`),
 * so Workers without tasks do not carry it.
 *
 * @example
 * export const McpTaskObject = createMcpTaskObject<Env>()
 */
export function createMcpTaskObject<Env>(
  options: Pick<WorkerTaskOptions, 'maxTasks' | 'maxTasksPerPrincipal'> = {},
): McpTaskObjectClass<Env> {
  return class McpTaskObject extends DurableObject<Env> implements TaskObjectRpc {
    declare readonly store: SqlTaskStore

    constructor(ctx: DurableObjectState, env: Env) {
      super(ctx, env)
      this.store = new SqlTaskStore(ctx.storage.sql, options)
    }

    async create(task: TaskRecord): Promise<void> {
      await this.store.create(task)
      await this.#scheduleAlarm()
    }

    async get(taskId: string): Promise<TaskRecord | undefined> {
      return this.store.get(taskId)
    }

    async update(taskId: string, change: TaskChange): Promise<TaskTransition | undefined> {
      return this.store.update(taskId, change)
    }

    /** Deletes the tasks whose `ttlMs` has ended, then sets the alarm for the next expiry. */
    override async alarm(): Promise<void> {
      this.store.deleteExpired()
      await this.#scheduleAlarm()
    }

    /** The alarm at the earliest expiry (none once no task is left). */
    async #scheduleAlarm(): Promise<void> {
      const next = this.store.nextExpiry()
      if (next === undefined) return
      const current = await this.ctx.storage.getAlarm()
      if (current === null || current > next) await this.ctx.storage.setAlarm(next)
    }
  }
}

/** FNV-1a of `text`: the shard of a task id (stable across isolates and releases). */
function fnv1a(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
  return h
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
  const binding = options.binding ?? 'MCP_TASKS'
  const shards = Math.max(1, Math.floor(options.shards ?? 1))
  const object = (taskId: string): TaskObjectRpc => {
    const ns = (env as Record<string, unknown> | undefined)?.[binding] as DurableObjectNamespace | undefined
    if (!ns || typeof ns.idFromName !== 'function')
      throw new Error(
        `Durable Object binding ${binding} is missing: declare McpTaskObject in wrangler.jsonc (see the @edgemcp/workers README)`,
      )
    return ns.get(ns.idFromName(`tasks-${fnv1a(taskId) % shards}`)) as unknown as TaskObjectRpc
  }
  return {
    create: (task) => object(task.taskId).create(task),
    get: (taskId) => object(taskId).get(taskId),
    update: (taskId, change) => object(taskId).update(taskId, change),
  }
}
