import { invalidParams, MissingClientCapabilityError } from '../errors/protocol-error.js'
import { isObject, jsonLength } from '../protocol/json.js'
import { MAX_CLIENT_DESCRIPTION_LENGTH } from '../protocol/limits.js'
import { META_CLIENT_CAPABILITIES } from '../protocol/meta.js'
import type { ExtensionMethod, RequestScope, ServerCore, ToolCallHook } from '../server/core.js'
import { requireString } from '../server/methods/shared.js'
import { RequestAbort } from '../server/request-abort.js'
import { createSessionId } from '../server/session.js'
import { extendServer } from '../server/extend.js'
import { installable } from '../server/installable.js'
import type { JsonObject, TaskExtension } from '../server/types.js'
import { taskControls } from './control.js'
import { executeTask } from './run.js'
import { TaskContext, taskRuns } from './task-context.js'
import { TASKS_EXTENSION } from '../protocol/tasks.js'
import type { TaskRecord, TaskRunner, TaskStore } from './types.js'
import { createTaskResult, detailedTask } from './wire.js'

export interface TaskExtensionOptions {
  /** Where tasks live: `createMemoryTaskStore()`, or a store shared by every instance (Durable Object, Redis). */
  store: TaskStore
  /** Runs tasks after their request was answered. Default: in this process (Node, Deno, Bun). */
  runner?: TaskRunner | undefined
  /** How long a task is kept after its creation. Default 1 hour; at most `maxTtlMs`. */
  ttlMs?: number | undefined
  /** The cap of `ttlMs`. Default 24 hours. */
  maxTtlMs?: number | undefined
  /** The polling interval suggested to clients. Default 1000 ms. */
  pollIntervalMs?: number | undefined
  /** A larger tool result fails its task (-32603) rather than being stored. Default 1 MiB. */
  maxResultBytes?: number | undefined
}

/** Starts `run` here and lets it go on: a task outlives the request that created it. */
const localRunner: TaskRunner = {
  start(_task, run) {
    void run()
  },
}

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  const v = value ?? fallback
  if (!Number.isSafeInteger(v) || v <= 0) throw new RangeError(`${name} must be a positive integer`)
  return v
}

/** Whether the request's client declared the tasks extension (per request, SEP-2575). */
const declaresTasks = (scope: RequestScope): boolean => {
  const extensions = scope.clientCapabilities.extensions
  return isObject(extensions) && extensions[TASKS_EXTENSION] !== undefined
}

const missingTasks = () => new MissingClientCapabilityError({ extensions: { [TASKS_EXTENSION]: {} } })

/**
 * The tasks extension (SEP-2663) for `new McpServer(info, { tasks: taskExtension({ store }) })`: declares
 * `io.modelcontextprotocol/tasks`, serves `tasks/get`, `tasks/update` and `tasks/cancel`, and turns calls of
 * tools registered with `task: 'optional' | 'required'` into tasks when the client declared the extension.
 */
export function taskExtension(options: TaskExtensionOptions): TaskExtension {
  const { store } = options
  const runner = options.runner ?? localRunner
  const maxTtlMs = positiveInteger(options.maxTtlMs, 86_400_000, 'maxTtlMs')
  const ttlMs = positiveInteger(options.ttlMs, Math.min(3_600_000, maxTtlMs), 'ttlMs')
  if (ttlMs > maxTtlMs) throw new RangeError(`ttlMs must be at most maxTtlMs (${maxTtlMs})`)
  const pollIntervalMs = positiveInteger(options.pollIntervalMs, 1000, 'pollIntervalMs')
  const maxResultBytes = positiveInteger(options.maxResultBytes, 1_048_576, 'maxResultBytes')

  /** Runs in this isolate, by task id: their `ctx.signal`. */
  const running = new Map<string, RequestAbort>()
  /** The creating requests' `authInfo`, for runs in this isolate, until the task expires. */
  const authInfos = new Map<string, { authInfo: unknown; expiresAt: number }>()

  const forgetExpired = () => {
    const now = Date.now()
    for (const [id, a] of authInfos) if (a.expiresAt <= now) authInfos.delete(id)
  }

  async function run(core: ServerCore, taskId: string): Promise<void> {
    const task = await store.get(taskId)
    if (task?.status !== 'working') return
    const abort = new RequestAbort()
    running.set(taskId, abort)
    // The task is forgotten once it expires: so is its run.
    const expiry = setTimeout(() => abort.abort(new Error('task expired')), task.expiresAt - Date.now())
    try {
      const change = await executeTask(core, task, abort, {
        store,
        maxResultBytes,
        authInfo: authInfos.get(taskId)?.authInfo,
      })
      if (change) await store.update(taskId, change)
      if (change?.type !== 'input_required') authInfos.delete(taskId)
    } catch (e) {
      // The store failed us: tell the client, if the store still can.
      const message = e instanceof Error ? e.message : String(e)
      await store.update(taskId, { type: 'failed', error: { code: -32603, message } }).catch(() => {})
    } finally {
      clearTimeout(expiry)
      if (running.get(taskId) === abort) running.delete(taskId)
      abort.dispose()
    }
  }

  const start = (core: ServerCore, task: TaskRecord) => runner.start(task, () => run(core, task.taskId))

  /** Creates the task of a `tools/call`, with the answers its handler already used, and starts it. */
  async function create(scope: RequestScope, inputResponses: Record<string, unknown>): Promise<JsonObject> {
    const now = Date.now()
    const at = new Date(now).toISOString()
    const { _meta: _m, inputResponses: _i, requestState: _s, ...params } = scope.params
    const task: TaskRecord = {
      taskId: createSessionId(),
      status: 'working',
      createdAt: at,
      lastUpdatedAt: at,
      ttlMs,
      expiresAt: now + ttlMs,
      pollIntervalMs,
      request: {
        method: scope.request.method,
        params,
        protocolVersion: scope.protocolVersion,
        clientCapabilities: {},
      },
    }
    // What the task keeps of its client (red-team M1): the capabilities its handler's context can act on, and
    // the client's name and version (not `experimental`, nor unknown keys), at most what `initialize` keeps.
    const { request } = task
    const { clientCapabilities: caps, clientInfo: info } = scope
    for (const key of ['elicitation', 'sampling', 'roots', 'extensions'])
      if (caps[key] !== undefined) request.clientCapabilities[key] = caps[key]
    if (info) request.clientInfo = { name: info.name, version: info.version }
    if (jsonLength([request.clientCapabilities, request.clientInfo]) > MAX_CLIENT_DESCRIPTION_LENGTH)
      throw invalidParams(
        `at most ${MAX_CLIENT_DESCRIPTION_LENGTH} characters`,
        `_meta.${META_CLIENT_CAPABILITIES}`,
      )
    if (scope.principal !== undefined) task.principal = scope.principal
    else if (scope.client !== undefined) task.client = scope.client
    if (Object.keys(inputResponses).length > 0) task.inputResponses = { ...inputResponses }
    await store.create(task)
    forgetExpired()
    if (scope.authInfo !== undefined)
      authInfos.set(task.taskId, { authInfo: scope.authInfo, expiresAt: task.expiresAt })
    await start(scope.core, task)
    return createTaskResult(task)
  }

  /** The task a `tasks/*` request names; -32602 when unknown, expired or someone else's. */
  async function find(scope: RequestScope): Promise<TaskRecord> {
    if (!declaresTasks(scope)) throw missingTasks()
    const taskId = requireString(scope.params, 'taskId')
    const task = await store.get(taskId)
    if (!task || task.principal !== scope.principal) throw invalidParams(`Unknown task: ${taskId}`, 'taskId')
    return task
  }

  const methods: Record<string, ExtensionMethod> = {
    'tasks/get': { nameField: 'taskId', run: async (scope) => detailedTask(await find(scope)) },
    'tasks/update': {
      nameField: 'taskId',
      run: async (scope) => {
        if (!declaresTasks(scope)) throw missingTasks()
        const taskId = requireString(scope.params, 'taskId')
        const answers = scope.params.inputResponses
        if (!isObject(answers)) throw invalidParams('must be an object', 'inputResponses')
        // SEP-2663: an acknowledgement whatever the task id; answers only reach the creator's task.
        const task = await store.get(taskId)
        if (task?.principal !== scope.principal) return {}
        const t = await store.update(taskId, { type: 'input', inputResponses: answers })
        if (t?.changed && t.previous.status === 'input_required' && t.current.status === 'working')
          await start(scope.core, t.current)
        return {}
      },
    },
    'tasks/cancel': {
      nameField: 'taskId',
      run: async (scope) => {
        const task = await find(scope)
        const t = await store.update(task.taskId, {
          type: 'cancelled',
          statusMessage: 'Cancelled by the client',
        })
        if (t?.changed) {
          running.get(task.taskId)?.abort(new Error('task cancelled'))
          await runner.cancel?.(task.taskId)
        }
        return {}
      },
    },
  }

  /**
   * A `tools/call` whose arguments checked: a task-capable tool's call becomes a task (the request answers
   * with a CreateTaskResult) when the client declared the extension; -32021 for a required task the client
   * cannot take. A tool whose handler decides (`startedByHandler`) runs in the request until `ctx.startTask()`.
   */
  const callTool: ToolCallHook = (scope, tool, call) => {
    const declared = tool.definition.task
    const taskId = taskRuns.get(scope)
    if (declared === undefined || taskId !== undefined) return call(new TaskContext(scope, taskId))
    const support = typeof declared === 'string' ? declared : declared.support
    if (!declaresTasks(scope)) {
      if (support === 'required') throw missingTasks()
      return call(new TaskContext(scope, undefined))
    }
    if (typeof declared === 'string' || declared.startedByHandler !== true) return create(scope, {})
    let settle: (created: Promise<JsonObject>) => void = () => {}
    const started = new Promise<JsonObject>((resolve) => {
      settle = resolve
    })
    let starting = false
    const context = new TaskContext(scope, undefined, () => {
      if (starting) return Promise.resolve()
      starting = true
      settle(create(scope, { ...scope.inputs?.used }))
      // The request answers with the task; this run of the handler ends here (the task replays it).
      return new Promise<void>(() => {})
    })
    const finished = call(context)
    return finished instanceof Promise ? Promise.race([finished, started]) : finished
  }

  const abort = (taskId: string, reason?: unknown): boolean => {
    const a = running.get(taskId)
    a?.abort(reason ?? new Error('task cancelled'))
    return a !== undefined
  }

  return installable(Object.freeze({ extension: TASKS_EXTENSION }), (engine) => {
    extendServer(engine, TASKS_EXTENSION, { methods, callTool })
    taskControls.set(engine, { run: (taskId) => run(engine, taskId), abort })
  })
}
