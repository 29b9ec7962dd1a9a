import {
  applyTaskChange,
  TaskLimitError,
  type TaskChange,
  type TaskRecord,
  type TaskStore,
  type TaskTransition,
} from '@edgemcp/core/tasks'
import { taskOwner } from '@edgemcp/core/internal'

/** Budgets of one store (a Durable Object's SQLite). */
export interface SqlTaskStoreOptions {
  /** Unexpired tasks the store holds at most. Default 10 000. */
  maxTasks?: number | undefined
  /**
   * Unexpired tasks one principal holds at most; without a principal, one client (its address: the task's
   * `client`), and tasks with neither count as one. Default 100.
   */
  maxTasksPerPrincipal?: number | undefined
  /** Bytes of the records (JSON) of the unexpired tasks one principal (or client) holds at most. Default 16 MiB. */
  maxBytesPerPrincipal?: number | undefined
}

interface TaskRow extends Record<string, SqlStorageValue> {
  record: string
}

/**
 * The tasks of one Durable Object in its SQLite storage: a row per task (the record as JSON, its expiry, its
 * principal, and how many times a restart of the object resumed it). A Durable Object runs one event at a time and every method
 * below reads and writes without awaiting in between, so each change is atomic.
 */
export class SqlTaskStore implements TaskStore {
  readonly #sql: SqlStorage
  readonly #maxTasks: number
  readonly #maxPerPrincipal: number
  readonly #maxBytes: number

  constructor(sql: SqlStorage, options: SqlTaskStoreOptions = {}) {
    this.#sql = sql
    this.#maxTasks = options.maxTasks ?? 10_000
    this.#maxPerPrincipal = options.maxTasksPerPrincipal ?? 100
    this.#maxBytes = options.maxBytesPerPrincipal ?? 16 * 1024 * 1024
    sql.exec(
      'CREATE TABLE IF NOT EXISTS mcp_task(task_id TEXT PRIMARY KEY,principal TEXT NOT NULL,status TEXT NOT NULL,expires_at INTEGER NOT NULL,restarts INTEGER NOT NULL DEFAULT 0,record TEXT NOT NULL)',
    )
    sql.exec('CREATE INDEX IF NOT EXISTS mcp_task_expiry ON mcp_task(expires_at)')
  }

  async create(task: TaskRecord): Promise<void> {
    const now = Date.now()
    // The budget's owner (the principal column): the principal, else the client's address, else ''.
    const principal = taskOwner(task)
    const record = JSON.stringify(task)
    const usage = (where: string, ...args: SqlStorageValue[]) =>
      this.#sql
        .exec<{ n: number; bytes: number }>(
          `SELECT COUNT(*) AS n,TOTAL(LENGTH(record)) AS bytes FROM mcp_task WHERE expires_at>? ${where}`,
          now,
          ...args,
        )
        .one()
    if (usage('').n >= this.#maxTasks)
      throw new TaskLimitError(`Too many tasks: the server holds ${this.#maxTasks}`)
    const mine = usage('AND principal=?', principal)
    if (mine.n >= this.#maxPerPrincipal || mine.bytes + record.length > this.#maxBytes)
      throw new TaskLimitError(
        `Too many tasks: at most ${this.#maxPerPrincipal} (${this.#maxBytes} bytes) unexpired per client`,
      )
    this.#sql.exec(
      'INSERT INTO mcp_task(task_id,principal,status,expires_at,record)VALUES(?,?,?,?,?)',
      task.taskId,
      principal,
      task.status,
      task.expiresAt,
      record,
    )
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    return this.#row(taskId)?.task
  }

  async update(taskId: string, change: TaskChange): Promise<TaskTransition | undefined> {
    const row = this.#row(taskId)
    if (!row) return undefined
    const previous = row.task
    const current = applyTaskChange(previous, change, new Date())
    const changed = current !== previous
    if (changed)
      this.#sql.exec(
        'UPDATE mcp_task SET status=?,record=? WHERE task_id=?',
        current.status,
        JSON.stringify(current),
        taskId,
      )
    return { previous, current: changed ? current : structuredClone(previous), changed }
  }

  /** Counts a restart of `taskId` (a run resumed after its object restarted); how many so far. */
  countRestart(taskId: string): number {
    this.#sql.exec('UPDATE mcp_task SET restarts=restarts+1 WHERE task_id=?', taskId)
    return (
      this.#sql
        .exec<{ restarts: number }>('SELECT restarts FROM mcp_task WHERE task_id=?', taskId)
        .toArray()[0]?.restarts ?? 0
    )
  }

  /** Unexpired tasks in `status` (the ids). */
  idsWithStatus(status: TaskRecord['status']): string[] {
    return Array.from(
      this.#sql.exec<{ task_id: string }>(
        'SELECT task_id FROM mcp_task WHERE status=? AND expires_at>?',
        status,
        Date.now(),
      ),
      (r) => r.task_id,
    )
  }

  /** How many unexpired tasks are in `status`. */
  countWithStatus(status: TaskRecord['status']): number {
    return this.#sql
      .exec<{ n: number }>(
        'SELECT COUNT(*) AS n FROM mcp_task WHERE status=? AND expires_at>?',
        status,
        Date.now(),
      )
      .one().n
  }

  /** Deletes expired tasks; their ids. */
  deleteExpired(): string[] {
    return Array.from(
      this.#sql.exec<{ task_id: string }>(
        'DELETE FROM mcp_task WHERE expires_at<=? RETURNING task_id',
        Date.now(),
      ),
      (r) => r.task_id,
    )
  }

  /** When the next task expires (epoch ms), if any task is held. */
  nextExpiry(): number | undefined {
    const v = this.#sql.exec<{ at: number | null }>('SELECT MIN(expires_at) AS at FROM mcp_task').one().at
    return v ?? undefined
  }

  #row(taskId: string): { task: TaskRecord } | undefined {
    const row = this.#sql
      .exec<TaskRow>('SELECT record FROM mcp_task WHERE task_id=? AND expires_at>?', taskId, Date.now())
      .toArray()[0]
    return row && { task: JSON.parse(row.record) as TaskRecord }
  }
}
