import { toProtocolError } from '../errors/normalize.js'
import { internalError } from '../errors/protocol-error.js'
import type { JsonRpcMessage } from '../jsonrpc/types.js'
import { MODERN } from '../protocol/versions.js'
import type { RequestScope, ServerCore } from '../server/core.js'
import { InputCollector } from '../server/input-collector.js'
import { callTool } from '../server/methods/tools.js'
import type { RequestAbort } from '../server/request-abort.js'
import type { JsonObject } from '../server/types.js'
import { taskRuns } from './task-context.js'
import type { TaskChange, TaskRecord, TaskStore } from './types.js'

const NEED = Symbol('need-input')

export interface RunContext {
  store: TaskStore
  maxResultBytes: number
  /** What the creating request knew that a record cannot hold (its `authInfo`), while it is in this isolate. */
  authInfo: unknown
}

/**
 * Executes a `working` task once: replays the tool's handler with every answer stored so far, and returns how
 * the task changes: `completed` / `failed`, or `input_required` when the handler asked for input it does not
 * have (the run ends there; the next answers start a new run). `abort` is the task's `ctx.signal`.
 */
export async function executeTask(
  core: ServerCore,
  task: TaskRecord,
  abort: RequestAbort,
  context: RunContext,
): Promise<TaskChange | undefined> {
  const { store, maxResultBytes } = context
  const { taskId, request } = task
  // Progress goes to the store (a client polls it); the token makes ctx.progress() report in every task.
  const params: JsonObject = { ...request.params, _meta: { progressToken: taskId } }
  const answers = task.inputResponses ?? {}
  const inputs = new InputCollector(answers, request.clientCapabilities, Object.keys(answers))
  const emit = async (m: JsonRpcMessage) => {
    if (!('method' in m) || m.method !== 'notifications/progress') return
    const p = (m.params ?? {}) as { progress: number; total?: number; message?: string }
    await store.update(taskId, { type: 'progress', progress: p.progress, total: p.total, message: p.message })
  }
  const scope: RequestScope = {
    core,
    request: { jsonrpc: '2.0', id: taskId, method: request.method, params },
    params,
    era: MODERN,
    protocolVersion: request.protocolVersion,
    clientCapabilities: request.clientCapabilities,
    clientInfo: request.clientInfo,
    logLevel: null,
    session: undefined,
    emit,
    abort,
    authInfo: context.authInfo,
    principal: task.principal,
    inputs,
  }
  taskRuns.set(scope, taskId)
  let ran: Promise<JsonObject>
  try {
    ran = Promise.resolve(callTool(scope))
  } catch (e) {
    ran = Promise.reject(e)
  }
  try {
    const need = new Promise<typeof NEED>((resolve) => {
      inputs.onInputNeeded = () => resolve(NEED)
    })
    const outcome = await Promise.race([ran, need])
    if (outcome === NEED) {
      abort.abort(new Error('input required'))
      return { type: 'input_required', inputRequests: inputs.requests, inputResponses: inputs.used }
    }
    const bytes = new TextEncoder().encode(JSON.stringify(outcome)).byteLength
    if (bytes > maxResultBytes)
      return failed(internalError(`Tool result of ${bytes} bytes exceeds the limit of ${maxResultBytes}`))
    return { type: 'completed', result: outcome }
  } catch (e) {
    // Cancelled: the store says so already, and a terminal task takes no other change.
    if (abort.aborted) return undefined
    return failed(e)
  }
}

const failed = (e: unknown): TaskChange => ({ type: 'failed', error: toProtocolError(e).toErrorObject() })
