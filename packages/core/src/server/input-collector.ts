import { MissingClientCapabilityError } from '../errors/protocol-error.js'
import type { JsonObject } from './types.js'

/** Thrown into nothing: marks that a handler's round ended because it needs client input (MRTR). */
export class InputRequiredSignal extends Error {
  override readonly name = 'InputRequiredSignal'
}

const PREFIX: Record<string, string> = {
  'elicitation/create': 'elicit',
  'sampling/createMessage': 'sample',
  'roots/list': 'roots',
}

/**
 * The modern-era side of `ctx.elicit()` / `ctx.sample()` / `ctx.listRoots()` (2026-07-28 MRTR). The handler
 * is replayed from the start on every round; its n-th input call gets the key `<kind>-<n>`. A call whose key
 * has a response resolves at once; otherwise the request is recorded, the round ends, and the engine answers
 * `input_required` with every request recorded in that turn of the event loop.
 */
export class InputCollector {
  readonly requests: Record<string, { method: string; params: JsonObject }> = {}
  private count = 0
  private scheduled = false
  /** Called (once, a turn after the first missing input) when the round needs input. */
  onInputNeeded: (() => void) | undefined

  constructor(
    private readonly responses: Record<string, unknown>,
    private readonly clientCapabilities: JsonObject,
  ) {}

  get hasRequests(): boolean {
    return Object.keys(this.requests).length > 0
  }

  ask<T>(method: string, params: JsonObject, capability: string): Promise<T> {
    const key = `${PREFIX[method] ?? 'input'}-${this.count++}`
    if (key in this.responses) return Promise.resolve(this.responses[key] as T)
    if (this.clientCapabilities[capability] === undefined)
      return Promise.reject(new MissingClientCapabilityError({ [capability]: {} }))
    this.requests[key] = { method, params }
    if (!this.scheduled) {
      this.scheduled = true
      // Let requests made in the same turn (Promise.all) join this round before it ends.
      setTimeout(() => this.onInputNeeded?.(), 0)
    }
    return new Promise<T>(() => {})
  }
}
