import { applyTaskChange } from './apply-change.js'
import { TaskLimitError, taskOwner } from './limits.js'
import type { TaskChange, TaskRecord, TaskStore, TaskTransition } from './types.js'

export interface MemoryTaskStoreOptions {
  /** Unexpired tasks the store holds at most. Default 10 000. */
  maxTasks?: number | undefined
  /**
   * Unexpired tasks one principal holds at most; without a principal, one client (its address, as the
   * transport names it: `HandleOptions.client`), and tasks with neither count as one. Default 100.
   */
  maxTasksPerPrincipal?: number | undefined
  /** Bytes (JSON) of the unexpired tasks one principal (or client, as above) holds at most. Default 16 MiB. */
  maxBytesPerPrincipal?: number | undefined
  /** The clock (tests). Default `Date.now`. */
  now?: (() => number) | undefined
}

/**
 * A `TaskStore` in this process's memory: for Node, Deno and Bun servers, and for tests. Tasks are gone when the
 * process ends; expired tasks are dropped as the store is used (no timers). Records are copied in and out, so
 * what the store holds is never shared with a caller.
 *
 * @example
 * const server = new McpServer(info, { tasks: taskExtension({ store: createMemoryTaskStore() }) })
 */
export function createMemoryTaskStore(options: MemoryTaskStoreOptions = {}): TaskStore {
  const maxTasks = options.maxTasks ?? 10_000
  const maxPerPrincipal = options.maxTasksPerPrincipal ?? 100
  const maxBytes = options.maxBytesPerPrincipal ?? 16 * 1024 * 1024
  const now = options.now ?? Date.now
  const tasks = new Map<string, TaskRecord>()
  /** Per owner (taskOwner): its unexpired tasks and, by id, their bytes (JSON) as created. */
  const owners = new Map<string, Map<string, number>>()

  const remove = (t: TaskRecord) => {
    tasks.delete(t.taskId)
    const who = taskOwner(t)
    if (owners.get(who)?.delete(t.taskId) && owners.get(who)?.size === 0) owners.delete(who)
  }
  /** The live task, dropping it when it has expired. */
  const live = (taskId: string) => {
    const t = tasks.get(taskId)
    if (t && t.expiresAt <= now()) {
      remove(t)
      return undefined
    }
    return t
  }
  /** Drops expired tasks: from the oldest until a live one, or (`all`) everywhere. */
  const sweep = (all: boolean) => {
    const at = now()
    for (const t of tasks.values()) {
      if (t.expiresAt <= at) remove(t)
      else if (!all) return
    }
  }

  return {
    async create(task) {
      if (tasks.has(task.taskId)) throw new Error(`task ${task.taskId} already exists`)
      sweep(false)
      const who = taskOwner(task)
      const bytes = JSON.stringify(task).length
      const full = () => {
        const of = owners.get(who) ?? new Map<string, number>()
        let total = bytes
        for (const b of of.values()) total += b
        return of.size >= maxPerPrincipal || total > maxBytes
      }
      if (tasks.size >= maxTasks || full()) sweep(true)
      if (tasks.size >= maxTasks) throw new TaskLimitError(`Too many tasks: the server holds ${maxTasks}`)
      if (full())
        throw new TaskLimitError(
          `Too many tasks: at most ${maxPerPrincipal} (${maxBytes} bytes) unexpired per client`,
        )
      tasks.set(task.taskId, structuredClone(task))
      owners.set(who, (owners.get(who) ?? new Map()).set(task.taskId, bytes))
    },
    async get(taskId) {
      const t = live(taskId)
      return t && structuredClone(t)
    },
    async update(taskId: string, change: TaskChange): Promise<TaskTransition | undefined> {
      const previous = live(taskId)
      if (!previous) return undefined
      const current = applyTaskChange(previous, structuredClone(change), new Date(now()))
      const changed = current !== previous
      if (changed) tasks.set(taskId, current)
      const before = structuredClone(previous)
      return { previous: before, current: changed ? structuredClone(current) : before, changed }
    },
  }
}
