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

/**
 * Whose budget a task counts against in a store: its principal, else the client (address) that created it
 * (`\0` and the address: no principal starts so), else `''`, one bucket of every other task (SQLite compares
 * NULLs as distinct, so not NULL).
 */
export const taskOwner = (task: Pick<TaskRecord, 'principal' | 'client'>): string =>
  task.principal ?? (task.client === undefined ? '' : `\0${task.client}`)
