import { applyTaskChange } from './apply-change.js'
import { TaskLimitError } from './limits.js'
import type { TaskChange, TaskRecord, TaskStore, TaskTransition } from './types.js'

export interface MemoryTaskStoreOptions {
  /** Unexpired tasks the store holds at most. Default 10 000. */
  maxTasks?: number | undefined
  /** Unexpired tasks one principal holds at most (tasks without a principal count as one principal). Default 100. */
  maxTasksPerPrincipal?: number | undefined
  /** The clock (tests). Default `Date.now`. */
  now?: (() => number) | undefined
}

/** The bucket of tasks created without a principal. */
const ANONYMOUS = '\u0000anonymous'

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
  const now = options.now ?? Date.now
  const tasks = new Map<string, TaskRecord>()
  const perPrincipal = new Map<string, number>()

  const owner = (t: TaskRecord) => t.principal ?? ANONYMOUS
  const remove = (t: TaskRecord) => {
    tasks.delete(t.taskId)
    const n = (perPrincipal.get(owner(t)) ?? 1) - 1
    if (n > 0) perPrincipal.set(owner(t), n)
    else perPrincipal.delete(owner(t))
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
      const who = owner(task)
      if (tasks.size >= maxTasks || (perPrincipal.get(who) ?? 0) >= maxPerPrincipal) sweep(true)
      if (tasks.size >= maxTasks) throw new TaskLimitError(`Too many tasks: the server holds ${maxTasks}`)
      if ((perPrincipal.get(who) ?? 0) >= maxPerPrincipal)
        throw new TaskLimitError(`Too many tasks: at most ${maxPerPrincipal} unexpired tasks per client`)
      tasks.set(task.taskId, structuredClone(task))
      perPrincipal.set(who, (perPrincipal.get(who) ?? 0) + 1)
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
