import { McpLocalError } from '../errors/local-error.js'
import type { JsonObject } from './types.js'
import { isObject } from '../protocol/json.js'

/** Methods that may answer `input_required` (2026-07-28 basic/patterns/mrtr "Supported Requests"). */
export const MRTR_METHODS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read'])

/** One entry of `inputRequests`: a server→client request object. */
export interface InputRequest {
  method: string
  params: JsonObject
}

export interface InputLoopOptions {
  method: string
  /** Retries after which the loop gives up. */
  maxRounds: number
}

/**
 * `resultType` of a modern result: absent means `complete` (basic/index "ResultType"); an unknown value is
 * invalid, and `input_required` is only legal on the MRTR methods.
 */
export function checkResultType(method: string, result: JsonObject): 'complete' | 'input_required' | 'task' {
  const type = result.resultType ?? 'complete'
  if (type === 'complete') return 'complete'
  // A CreateTaskResult (SEP-2663) answers tools/call only.
  if (type === 'task' && method === 'tools/call') return 'task'
  if (type === 'input_required' && MRTR_METHODS.has(method)) return 'input_required'
  throw new McpLocalError(
    'remote',
    type === 'input_required'
      ? `The server answered ${method} with input_required, which only tools/call, prompts/get and resources/read may use`
      : `The server answered ${method} with an unknown resultType ${JSON.stringify(type)}`,
  )
}

export function readInputRequests(
  method: string,
  result: JsonObject,
): Array<[string, InputRequest]> | undefined {
  const raw = result.inputRequests
  if (raw === undefined) return undefined
  if (!isObject(raw))
    throw new McpLocalError(
      'remote',
      `The server's input_required answer to ${method} has invalid inputRequests`,
    )
  return Object.entries(raw).map(([key, value]) => {
    if (!isObject(value) || typeof value.method !== 'string')
      throw new McpLocalError('remote', `inputRequests.${key} of ${method} is not a request object`)
    return [key, { method: value.method, params: isObject(value.params) ? value.params : {} }]
  })
}

/**
 * The client side of MRTR (2026-07-28 basic/patterns/mrtr "Client Requirements"): while the server answers
 * `input_required`, fulfil every input request (concurrently), then retry the original request — through
 * `round`, which sends it with a NEW id — with `inputResponses` and the exact `requestState` (omitted when the
 * server sent none). Gives up with a clear error after `maxRounds` retries.
 */
export async function runInputLoop(
  params: JsonObject,
  round: (params: JsonObject) => Promise<JsonObject>,
  fulfil: (key: string, request: InputRequest) => Promise<JsonObject>,
  options: InputLoopOptions,
): Promise<JsonObject> {
  const { inputResponses: _i, requestState: _s, ...base } = params
  let result = await round(params)
  for (let retries = 0; checkResultType(options.method, result) === 'input_required'; retries++) {
    if (retries >= options.maxRounds)
      throw new McpLocalError(
        'remote',
        `${options.method} still required input after ${options.maxRounds} rounds; giving up`,
      )
    const requests = readInputRequests(options.method, result)
    const state = result.requestState
    if (requests === undefined && state === undefined)
      throw new McpLocalError(
        'remote',
        `The server's input_required answer to ${options.method} has neither inputRequests nor requestState`,
      )
    if (state !== undefined && typeof state !== 'string')
      throw new McpLocalError('remote', `The server's requestState for ${options.method} is not a string`)
    const next: JsonObject = { ...base }
    if (requests) {
      const answers = await Promise.all(requests.map(async ([key, req]) => [key, await fulfil(key, req)]))
      next.inputResponses = Object.fromEntries(answers)
    }
    if (state !== undefined) next.requestState = state
    result = await round(next)
  }
  return result
}
