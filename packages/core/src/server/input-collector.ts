import { ELICIT, SAMPLE } from '../protocol/methods.js'
import { invalidParams, MissingClientCapabilityError } from '../errors/protocol-error.js'
import type { JsonObject } from './types.js'
import { isObject } from '../protocol/json.js'

/**
 * Each kind of input request: the key prefix of its unnamed calls, and what a valid client answer looks like
 * (2026-07-28 InputResponses).
 */
const KINDS: Record<string, [prefix: string, valid: (v: JsonObject) => boolean]> = {
  [ELICIT]: ['elicit', (v) => ['accept', 'decline', 'cancel'].includes(v.action as string)],
  [SAMPLE]: ['sample', (v) => typeof v.role === 'string' && v.content !== undefined],
  'roots/list': ['roots', (v) => Array.isArray(v.roots)],
}

/**
 * The modern-era side of `ctx.elicit()` / `ctx.sample()` / `ctx.listRoots()` (2026-07-28 MRTR). The handler
 * is replayed from the start on every round. Each input call has a key: the one the handler names, or
 * `<kind>-<n>` for its n-th unnamed call. A call whose key has a (valid) response resolves at once;
 * otherwise the request is recorded, the round ends, and the engine answers `input_required` with every
 * request recorded in that turn of the event loop.
 */
export class InputCollector {
  readonly requests: Record<string, { method: string; params: JsonObject }> = {}
  /** Responses the handler consumed this round: what the next state must carry. */
  readonly used: Record<string, unknown> = {}
  #count = 0
  /** Called (once, a turn after the first missing input) when the round needs input. */
  onInputNeeded: (() => void) | undefined

  readonly #responses: Record<string, unknown>
  readonly #clientCapabilities: JsonObject
  readonly #replayKeys: readonly string[]

  /**
   * @param replayKeys keys answered in earlier rounds: until the handler has consumed them all it is replaying
   * what it already did, so its progress and log messages are not sent again.
   */
  constructor(
    responses: Record<string, unknown>,
    clientCapabilities: JsonObject,
    replayKeys: readonly string[] = [],
  ) {
    this.#responses = responses
    this.#clientCapabilities = clientCapabilities
    this.#replayKeys = replayKeys
  }

  /** True while the handler re-runs the part of its code an earlier round already ran. */
  get replaying(): boolean {
    for (const k of this.#replayKeys) if (!Object.hasOwn(this.used, k)) return true
    return false
  }

  get hasRequests(): boolean {
    return Object.keys(this.requests).length > 0
  }

  /** `method` is one of the KINDS (the handler context asks for nothing else). */
  ask<T>(method: string, params: JsonObject, capability: string, name?: string): Promise<T> {
    const [prefix, valid] = KINDS[method]!
    const key = name ?? `${prefix}-${this.#count++}`
    if (Object.hasOwn(this.#responses, key)) {
      const value = this.#responses[key]
      if (!isObject(value) || !valid(value))
        return Promise.reject(invalidParams(`is not a valid response to ${method}`, `inputResponses.${key}`))
      this.used[key] = value
      return Promise.resolve(value as T)
    }
    if (this.#clientCapabilities[capability] === undefined)
      return Promise.reject(new MissingClientCapabilityError({ [capability]: {} }))
    // The first request ends the round a turn later, so requests made in the same turn (Promise.all) join it.
    if (!this.hasRequests) setTimeout(() => this.onInputNeeded?.(), 0)
    this.requests[key] = { method, params }
    return new Promise<T>(() => {})
  }
}
