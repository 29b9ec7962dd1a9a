import {
  invalidParams,
  MissingClientCapabilityError,
  UrlElicitationRequiredError,
} from '../errors/protocol-error.js'
import type { RequestScope } from './core.js'
import { InputCollector } from './input-collector.js'
import { digestParams } from './mrtr-state.js'
import { RequestAbort } from './request-abort.js'
import type { JsonObject } from './types.js'
import { isObject } from '../protocol/json.js'

function salient(params: JsonObject): JsonObject {
  const { _meta: _m, inputResponses: _i, requestState: _s, ...rest } = params
  return rest
}

/** Turns a handler's UrlElicitationRequiredError into URL-mode elicitation input requests. */
function addUrlElicitations(
  inputs: InputCollector,
  e: UrlElicitationRequiredError,
  caps: JsonObject,
): boolean {
  const list = (e.data as { elicitations?: unknown } | undefined)?.elicitations
  if (!Array.isArray(list) || list.length === 0) return false
  if (caps.elicitation === undefined) throw new MissingClientCapabilityError({ elicitation: { url: {} } })
  list.forEach((item, i) => {
    const el = (item ?? {}) as JsonObject
    const key = typeof el.elicitationId === 'string' ? `url-${el.elicitationId}` : `url-${i}`
    inputs.requests[key] = {
      method: 'elicitation/create',
      params: { mode: 'url', message: String(el.message ?? ''), url: String(el.url ?? '') },
    }
  })
  return true
}

/**
 * Runs one MRTR round of a modern request: verifies the echoed state, merges the client's input responses,
 * runs the method with an InputCollector, and answers `input_required` when the handler asked for input it
 * does not have yet. The handler is replayed from the start on every round.
 */
export async function runMrtrRound(scope: RequestScope, run: (scope: RequestScope) => Promise<JsonObject>) {
  const { params, core } = scope
  // The digest costs a hash: only pay for it when state is echoed or about to be issued.
  let digest: string | undefined
  const getDigest = async () =>
    (digest ??= await digestParams({ method: scope.request.method, params: salient(params) }))
  const given = params.inputResponses
  if (given !== undefined && !isObject(given)) throw invalidParams('must be an object', 'inputResponses')
  // Earlier rounds' answers come from the signed state; this round's from the client (checked when used).
  const responses: Record<string, unknown> = {}
  const replayKeys: string[] = []
  if (params.requestState !== undefined) {
    if (typeof params.requestState !== 'string') throw invalidParams('must be a string', 'requestState')
    const state = await core.signer.verify(params.requestState)
    if (
      !state ||
      state.m !== scope.request.method ||
      state.d !== (await getDigest()) ||
      state.p !== scope.principal
    )
      throw invalidParams(
        'failed verification (tampered, expired or issued for another request)',
        'requestState',
      )
    Object.assign(responses, state.r)
    replayKeys.push(...Object.keys(state.r))
    const answered = given as JsonObject | undefined
    for (const k of state.q) if (answered && Object.hasOwn(answered, k)) replayKeys.push(k)
  }
  if (given) for (const [k, v] of Object.entries(given)) if (!Object.hasOwn(responses, k)) responses[k] = v
  const round = new RequestAbort([scope.abort])
  const inputs = new InputCollector(responses, scope.clientCapabilities, replayKeys)
  const roundScope: RequestScope = { ...scope, inputs, abort: round }
  const NEED = Symbol('need-input')
  try {
    const outcome = await new Promise<JsonObject | typeof NEED>((resolve, reject) => {
      inputs.onInputNeeded = () => resolve(NEED)
      run(roundScope).then(resolve, (e: unknown) => {
        // -32042 does not exist from 2026-07-28 on: the same need becomes URL-mode input requests.
        try {
          if (
            e instanceof UrlElicitationRequiredError &&
            addUrlElicitations(inputs, e, scope.clientCapabilities)
          )
            resolve(NEED)
          else reject(e)
        } catch (error) {
          reject(error)
        }
      })
    })
    if (outcome !== NEED) return outcome
    round.abort(new Error('input required'))
    const requestState = await core.signer.sign({
      v: 1,
      m: scope.request.method,
      d: await getDigest(),
      ...(scope.principal === undefined ? {} : { p: scope.principal }),
      e: Date.now() + core.options.mrtrTtlMs,
      r: inputs.used,
      q: Object.keys(inputs.requests),
    })
    return { resultType: 'input_required', inputRequests: inputs.requests, requestState }
  } finally {
    round.dispose()
  }
}
