import type { Implementation, JsonObject } from '../server/types.js'

export { TASKS_EXTENSION } from '../protocol/tasks.js'

/** Where a task is: `working` and `input_required` may change; the other three are terminal. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled'

/** One server→client request a task waits for (`elicitation/create`, `sampling/createMessage`, `roots/list`). */
export interface TaskInputRequest {
  method: string
  params: JsonObject
}

/** The JSON-RPC error of a `failed` task. */
export interface TaskError {
  code: number
  message: string
  data?: unknown
}

/**
 * What a task runs: the `tools/call` it stands for and what its client said about itself. Enough for a runner
 * in another isolate (a Durable Object) to execute the tool with `runTask(server, taskId)`.
 */
export interface TaskRequest {
  method: string
  /** The request's params without `_meta` (`name`, `arguments`). */
  params: JsonObject
  protocolVersion: string
  clientCapabilities: JsonObject
  clientInfo?: Implementation | undefined
}

/**
 * A task as a store holds it. Plain JSON (strings, numbers, objects), so a Durable Object, Redis or a database
 * can keep it as it is. Change it only through `applyTaskChange`.
 */
export interface TaskRecord {
  taskId: string
  status: TaskStatus
  statusMessage?: string
  /** ISO 8601. */
  createdAt: string
  /** ISO 8601. */
  lastUpdatedAt: string
  /** How long the task is kept after its creation (integer milliseconds). */
  ttlMs: number
  /** `Date.parse(createdAt) + ttlMs`: a store may delete the task from then on, and must not return it. */
  expiresAt: number
  /** Suggested polling interval (integer milliseconds). */
  pollIntervalMs?: number
  /** Who created it (`HandleOptions.principal`): nobody else can see, update or cancel it. */
  principal?: string
  /**
   * Without a principal: the client that created it (`HandleOptions.client`, its address), whose budget it
   * counts against in the store. Not a credential: it gives no access to the task.
   */
  client?: string
  request: TaskRequest
  /** While `input_required`: the requests still unanswered. */
  inputRequests?: Record<string, TaskInputRequest>
  /** Every answer received so far, by key: a run replays the handler with them. */
  inputResponses?: Record<string, unknown>
  /** The last `ctx.progress()` of the running handler. */
  progress?: { progress: number; total?: number; message?: string }
  /** When `completed`: the tool's result (CallToolResult). */
  result?: JsonObject
  /** When `failed`: the protocol error. */
  error?: TaskError
}

/**
 * A change to a task, as JSON (so a store in another process can apply it atomically with
 * `applyTaskChange`).
 */
export type TaskChange =
  /** The running handler reported progress. */
  | { type: 'progress'; progress: number; total?: number | undefined; message?: string | undefined }
  /** The running handler needs input: `inputRequests` are new, `inputResponses` what it has used so far. */
  | {
      type: 'input_required'
      inputRequests: Record<string, TaskInputRequest>
      inputResponses: Record<string, unknown>
    }
  /** The client answered (`tasks/update`): answers to pending keys are kept, the rest ignored. */
  | { type: 'input'; inputResponses: Record<string, unknown> }
  | { type: 'completed'; result: JsonObject }
  | { type: 'failed'; error: TaskError }
  | { type: 'cancelled'; statusMessage?: string | undefined }

/** A task before and after a change (`changed: false`, and equal records, when the change did not apply). */
export interface TaskTransition {
  previous: TaskRecord
  current: TaskRecord
  changed: boolean
}

/**
 * Where tasks live. Every method is async, and every record is JSON, so an implementation may sit across a
 * network (Durable Object, Redis). Rules every store keeps:
 * - `create` resolves only once `get` finds the task (SEP-2663: no CreateTaskResult before that);
 * - `get`/`update` treat an expired task (`expiresAt` passed) as unknown, and the store deletes it eventually;
 * - `update` applies `applyTaskChange(record, change, new Date())` atomically: a terminal task never changes;
 * - budgets are the store's: `create` rejects with a `TaskLimitError` when a principal (or, without one, a
 *   `client`: see `taskOwner`) or the store is full.
 */
export interface TaskStore {
  create(task: TaskRecord): Promise<void>
  get(taskId: string): Promise<TaskRecord | undefined>
  update(taskId: string, change: TaskChange): Promise<TaskTransition | undefined>
}

/**
 * Runs tasks to completion after the request that created them has been answered. The default runner starts
 * `run` in this isolate and lets it go on (Node, Deno, Bun). On Workers, an isolate may stop once the response
 * is sent: there a runner hands the task to a Durable Object, which calls `runTask(server, taskId)` itself and
 * ignores `run`.
 */
export interface TaskRunner {
  /** Starts (or restarts, after input arrived) a `working` task. */
  start(task: TaskRecord, run: () => Promise<void>): void | Promise<void>
  /** The task was cancelled (the store already says so): stop it if it runs elsewhere. */
  cancel?(taskId: string): void | Promise<void>
}
