import type { McpServer } from '@edgemcp/core'
import {
  abortTask,
  runTask,
  type TaskChange,
  TaskLimitError,
  type TaskRecord,
  type TaskTransition,
} from '@edgemcp/core/tasks'
import { DurableObject } from 'cloudflare:workers'
import type { DurableTasks } from './durable-tasks.js'
import type { WorkerTaskOptions } from './options.js'
import { SqlTaskStore } from './sql-task-store.js'

/** What a task Durable Object answers over RPC: the `TaskStore` of its tasks, and the runner's two calls. */
export interface TaskObjectRpc {
  /** Stores a new task; a refusal for its budget comes back as its message (an RPC keeps no error class). */
  create(task: TaskRecord): Promise<string | undefined>
  get(taskId: string): Promise<TaskRecord | undefined>
  update(taskId: string, change: TaskChange): Promise<TaskTransition | undefined>
  /** Runs a `working` task in the object, unless it runs already; resolves once the run began. */
  start(taskId: string): Promise<void>
  /** Aborts the run of a cancelled task (its handler's `ctx.signal`); false when none runs here. */
  cancel(taskId: string): Promise<boolean>
}

/** What the server factory of a task object gets besides `env`. */
export interface TaskObjectContext {
  /** The object's own store and runner: build the server with `taskExtension({ ...tasks })`. */
  tasks: DurableTasks
}

export interface McpTaskObjectOptions<Env>
  extends Pick<WorkerTaskOptions, 'maxTasks' | 'maxTasksPerPrincipal' | 'maxBytesPerPrincipal'> {
  /**
   * Builds the server that runs the tasks: register the same tools as the Worker's server, and pass
   * `taskExtension({ ...context.tasks })` (with the Worker's other task options) as its `tasks`. Called once
   * per object instance, when it first runs a task.
   */
  server: (env: Env, context: TaskObjectContext) => McpServer
  /**
   * A task whose run was cut off this many times by restarts of its object fails (-32603) instead of starting
   * again, so a tool that brings its object down cannot loop. Default 3.
   */
  maxRestarts?: number | undefined
}

/** The public face of a task object (the class itself extends `DurableObject`), branded as one. */
export interface McpTaskObjectInstance extends TaskObjectRpc, Rpc.DurableObjectBranded {
  readonly store: SqlTaskStore
  alarm(): Promise<void>
}

export type McpTaskObjectClass<Env> = new (ctx: DurableObjectState, env: Env) => McpTaskObjectInstance

/**
 * While a task is `working`, the object's alarm is at most this far ahead. A run is background work of the
 * object: `start` answers as soon as the run began, and the run goes on without any request in flight. workerd
 * keeps such an object only for a while: before compatibility date 2026-10-01 (flag
 * `durable_object_io_tasks_prevent_eviction`) an object that received no request or event for 70–140 s may
 * be evicted with its timers and I/O still pending, and every object restarts on a deploy, a crash or an
 * exceeded limit. An alarm is an event: it keeps a busy object active, and it wakes the object that went away,
 * whose new instance starts every `working` task again (the run replays the handler from the start with the
 * stored answers, as after input). 30 s stays well inside the shortest idle window.
 */
const HEARTBEAT_MS = 30_000

/**
 * The Durable Object class of tasks (SEP-2663). It keeps its tasks in SQLite (`SqlTaskStore`, with the budgets
 * of `options`) and runs them: `durableTasks(env)` in the Worker sends it each task to start, and it calls
 * `runTask` on its own server (`options.server`), so a task outlives the request and the isolate that created
 * it. A new instance (after an eviction or a restart) starts every task that is still `working` again. Its
 * alarm deletes each task when its `ttlMs` ends (its result stays readable until then) and, while tasks run,
 * comes back every 30 s. A function of its own (not part of `createMcpWorker`), so Workers without tasks do
 * not carry it.
 *
 * @example
 * export const McpTaskObject = createMcpTaskObject<Env>({ server: (env, { tasks }) => buildServer(env, tasks) })
 */
export function createMcpTaskObject<Env>(options: McpTaskObjectOptions<Env>): McpTaskObjectClass<Env> {
  const maxRestarts = Math.max(0, Math.floor(options.maxRestarts ?? 3))
  return class McpTaskObject extends DurableObject<Env> implements TaskObjectRpc {
    declare readonly store: SqlTaskStore
    /** The runs in this instance, by task id. */
    readonly #runs = new Map<string, Promise<void>>()
    #server: McpServer | undefined

    constructor(ctx: DurableObjectState, env: Env) {
      super(ctx, env)
      this.store = new SqlTaskStore(ctx.storage.sql, options)
      // A new instance: the tasks still `working` lost their runs with the previous one.
      void ctx.blockConcurrencyWhile(async () => {
        this.#resume()
        await this.#scheduleAlarm()
      })
    }

    async create(task: TaskRecord): Promise<string | undefined> {
      try {
        await this.store.create(task)
      } catch (e) {
        // Across RPC a TaskLimitError would arrive as a plain Error (-32603, HTTP 200): say it as a value.
        if (e instanceof TaskLimitError) return e.message
        throw e
      }
      await this.#scheduleAlarm()
    }

    async get(taskId: string): Promise<TaskRecord | undefined> {
      return this.store.get(taskId)
    }

    async update(taskId: string, change: TaskChange): Promise<TaskTransition | undefined> {
      return this.store.update(taskId, change)
    }

    async start(taskId: string): Promise<void> {
      this.#run(taskId)
      await this.#scheduleAlarm()
    }

    async cancel(taskId: string): Promise<boolean> {
      return this.#server !== undefined && abortTask(this.#server, taskId, new Error('task cancelled'))
    }

    /** Deletes the tasks whose `ttlMs` has ended, starts `working` tasks that have no run, sets the next alarm. */
    override async alarm(): Promise<void> {
      this.store.deleteExpired()
      this.#resume()
      await this.#scheduleAlarm()
    }

    /** Starts a run of `taskId` here unless one is under way; a server that cannot run it fails the task. */
    #run(taskId: string): void {
      if (this.#runs.has(taskId)) return
      let run: Promise<void>
      try {
        this.#server ??= options.server(this.env, {
          tasks: {
            store: this.store,
            runner: {
              start: (task) => this.#run(task.taskId),
              cancel: (id) => {
                if (this.#server) abortTask(this.#server, id, new Error('task cancelled'))
              },
            },
          },
        })
        run = runTask(this.#server, taskId)
      } catch (e) {
        run = this.#fail(
          taskId,
          `The task object could not run the task: ${e instanceof Error ? e.message : String(e)}`,
        )
      }
      const tracked = run
        .catch((e: unknown) => console.error('edgemcp: task run failed', e))
        .finally(() => {
          if (this.#runs.get(taskId) === tracked) this.#runs.delete(taskId)
        })
      this.#runs.set(taskId, tracked)
    }

    /** Starts every `working` task that has no run in this instance (each start counts as a restart). */
    #resume(): void {
      for (const taskId of this.store.idsWithStatus('working')) {
        if (this.#runs.has(taskId)) continue
        const restarts = this.store.countRestart(taskId)
        if (restarts > maxRestarts)
          void this.#fail(taskId, `The task was interrupted ${restarts} times (its Durable Object restarted)`)
        else this.#run(taskId)
      }
    }

    async #fail(taskId: string, message: string): Promise<void> {
      await this.store.update(taskId, { type: 'failed', error: { code: -32603, message } })
    }

    /** The alarm at the earliest expiry, or sooner while a task is `working` (none once no task is left). */
    async #scheduleAlarm(): Promise<void> {
      const expiry = this.store.nextExpiry()
      const heartbeat = this.store.countWithStatus('working') > 0 ? Date.now() + HEARTBEAT_MS : undefined
      const next =
        expiry === undefined ? heartbeat : heartbeat === undefined ? expiry : Math.min(expiry, heartbeat)
      if (next === undefined) return
      const current = await this.ctx.storage.getAlarm()
      if (current === null || current > next) await this.ctx.storage.setAlarm(next)
    }
  }
}
