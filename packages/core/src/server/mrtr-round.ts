import { ELICIT } from '../protocol/methods.js'
import {
  invalidParams,
  MissingClientCapabilityError,
  UrlElicitationRequiredError,
} from '../errors/protocol-error.js'
import type { RequestScope } from './core.js'
import { InputCollector } from './input-collector.js'
import { digestParams } from './mrtr-state.js'
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
      method: ELICIT,
      params: { mode: 'url', message: String(el.message ?? ''), url: String(el.url ?? '') },
    }
  })
  return true
}

type Run = (scope: RequestScope) => JsonObject | Promise<JsonObject>

const NEED = Symbol('need-input')
const NOTHING: Readonly<Record<string, unknown>> = Object.freeze({})

/**
 * Runs one MRTR round of a modern request: verifies the echoed state, merges the client's input responses,
 * runs the method with an InputCollector, and answers `input_required` when the handler asked for input it
 * does not have yet. The handler is replayed from the start on every round. A first round whose method
 * answers synchronously answers synchronously.
 */
export function runMrtrRound(scope: RequestScope, run: Run): JsonObject | Promise<JsonObject> {
  const { params } = scope
  const given = params.inputResponses
  if (given !== undefined && !isObject(given)) throw invalidParams('must be an object', 'inputResponses')
  if (params.requestState === undefined && given === undefined) return runRound(scope, run, NOTHING, [])
  return resumeRound(scope, run, given as JsonObject | undefined)
}

/** A later round: the client echoes `requestState` and/or answers with `inputResponses`. */
async function resumeRound(scope: RequestScope, run: Run, given: JsonObject = {}) {
  const { requestState } = scope.params
  if (requestState === undefined) return runRound(scope, run, given, [])
  if (typeof requestState !== 'string') throw invalidParams('must be a string', 'requestState')
  const state = await scope.core.signer!.verify(requestState)
  if (
    !state ||
    state.m !== scope.request.method ||
    state.d !== (await digestOf(scope)) ||
    state.p !== scope.principal
  )
    throw invalidParams(
      'failed verification (tampered, expired or issued for another request)',
      'requestState',
    )
  // Responses of earlier rounds win over a client that answers the same key again.
  const replayKeys = [...Object.keys(state.r), ...state.q.filter((k) => Object.hasOwn(given, k))]
  return runRound(scope, run, { ...given, ...state.r }, replayKeys)
}

/** Digests of requests' salient parameters: a resumed round that needs more input verifies and signs one. */
const digests = new WeakMap<JsonObject, Promise<string>>()

/** The digest of the request's salient parameters, computed once per request. */
function digestOf(scope: RequestScope): Promise<string> {
  let digest = digests.get(scope.params)
  if (digest === undefined) {
    digest = digestParams({ method: scope.request.method, params: salient(scope.params) })
    digests.set(scope.params, digest)
  }
  return digest
}

function runRound(
  scope: RequestScope,
  run: Run,
  responses: Record<string, unknown>,
  replayKeys: string[],
): JsonObject | Promise<JsonObject> {
  // One round per request: the round runs in the request's own scope (no copy), and a round that needs
  // input aborts the request's signal, which nothing else listens to once the request has answered.
  const inputs = new InputCollector(responses, scope.clientCapabilities, replayKeys)
  scope.inputs = inputs
  let ran: JsonObject | Promise<JsonObject>
  try {
    ran = run(scope)
  } catch (e) {
    ran = Promise.reject(e)
  }
  return ran instanceof Promise ? awaitRound(scope, ran, inputs) : ran
}

/** Waits for the method or for its first unanswered input request, whichever comes first. */
async function awaitRound(
  scope: RequestScope,
  ran: Promise<JsonObject>,
  inputs: InputCollector,
): Promise<JsonObject> {
  const outcome = await Promise.race([
    ran,
    new Promise<typeof NEED>((resolve) => {
      inputs.onInputNeeded = () => resolve(NEED)
    }),
  ]).catch((e: unknown): typeof NEED => {
    if (e instanceof UrlElicitationRequiredError && addUrlElicitations(inputs, e, scope.clientCapabilities))
      return NEED
    throw e
  })
  if (outcome !== NEED) return outcome
  scope.abort.abort(new Error('input required'))
  const { core, request } = scope
  const requestState = await core.signer!.sign({
    v: 1,
    m: request.method,
    d: await digestOf(scope),
    p: scope.principal,
    e: Date.now() + core.options.mrtrTtlMs,
    r: inputs.used,
    q: Object.keys(inputs.requests),
  })
  return { resultType: 'input_required', inputRequests: inputs.requests, requestState }
}
