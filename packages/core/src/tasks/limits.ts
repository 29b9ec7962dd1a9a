import { ProtocolError } from '../errors/protocol-error.js'
import type { TaskRecord } from './types.js'

/**
 * A task store refused a new task: the principal (or the whole store) holds as many unexpired tasks as its
 * budget allows. On the wire it is a JSON-RPC error (-32000, HTTP 429) to the `tools/call` that asked.
 */
export class TaskLimitError extends ProtocolError {
  override readonly name: string = 'TaskLimitError'

  constructor(message: string) {
    super(-32000, message, undefined, 429)
  }
}

/** The bucket of tasks created with neither a principal nor a client (SQLite compares NULLs as distinct). */
const ANONYMOUS = '\u0000anonymous'

/**
 * Whose budget a task counts against in a store: its principal, else the client (address) that created it,
 * else one bucket of every such task. Keys of the three kinds never equal one another.
 */
export function taskOwner(task: Pick<TaskRecord, 'principal' | 'client'>): string {
  if (task.principal !== undefined) return task.principal
  return task.client === undefined ? ANONYMOUS : `${ANONYMOUS}:${task.client}`
}

/** The bytes a task record takes in a store (its JSON), as the stores' byte budgets count them. */
export const taskBytes = (task: TaskRecord): number => JSON.stringify(task).length
