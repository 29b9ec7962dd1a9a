import { ELICIT, SAMPLE } from '../protocol/methods.js'
import { LEGACY, V2025_03_26 } from '../protocol/versions.js'
import { McpLocalError } from '../errors/local-error.js'
import type { RequestScope } from './core.js'
import {
  type CreateMessageParams,
  type CreateMessageResult,
  type ElicitParams,
  type ElicitResult,
  type Implementation,
  type JsonObject,
  LOGGING_LEVELS,
  type ListRootsResult,
  type LoggingLevel,
  type RequestContext,
  type RequestOptions,
} from './types.js'
import { notification } from '../jsonrpc/types.js'

const levelRank = (l: LoggingLevel) => LOGGING_LEVELS.indexOf(l)

/** A rejection for a handler that asked for something its request cannot give. */
export const misuse = (message: string) => Promise.reject(new McpLocalError('misuse', message))

/**
 * The one handler context of both eras over a request scope (`new HandlerContext(scope)` for each handler
 * call). A class, so its methods live on one shared prototype: a per-request object literal of closures would
 * keep every request's state alive longer.
 */
export class HandlerContext implements RequestContext {
  readonly #scope: RequestScope
  #lastProgress = Number.NEGATIVE_INFINITY

  constructor(scope: RequestScope) {
    this.#scope = scope
  }

  get requestId() {
    return this.#scope.request.id
  }
  get method(): string {
    return this.#scope.request.method
  }
  get era(): 'legacy' | 'modern' {
    return this.#scope.era
  }
  get protocolVersion(): string {
    return this.#scope.protocolVersion
  }
  get clientInfo(): Implementation | undefined {
    return this.#scope.clientInfo
  }
  get clientCapabilities(): JsonObject {
    return this.#scope.clientCapabilities
  }
  get sessionId(): string | undefined {
    return this.#scope.session?.id
  }
  get authInfo(): unknown {
    return this.#scope.authInfo
  }
  get signal(): AbortSignal {
    return this.#scope.abort.signal
  }
  /** Never a task here: the tasks extension gives the handlers it runs a context of its own. */
  get taskId(): string | undefined {
    return undefined
  }

  /** Nothing to start: this call cannot become a task (see `taskId`). */
  startTask(): Promise<void> {
    return Promise.resolve()
  }

  elicit(params: ElicitParams, options?: RequestOptions): Promise<ElicitResult> {
    const wire: JsonObject = { ...params }
    // The id of a URL elicitation is 2025-11-25's (a legacy session generates one when absent).
    if (this.#scope.era !== LEGACY) delete wire.elicitationId
    return this.#ask<ElicitResult>(ELICIT, wire, 'elicitation', options)
  }

  sample(params: CreateMessageParams, options?: RequestOptions): Promise<CreateMessageResult> {
    return this.#ask<CreateMessageResult>(SAMPLE, { ...params }, 'sampling', options)
  }

  listRoots(options?: RequestOptions): Promise<ListRootsResult> {
    return this.#ask<ListRootsResult>('roots/list', {}, 'roots', options)
  }

  async progress(progress: number, total?: number, message?: string): Promise<void> {
    const scope = this.#scope
    const progressToken = (scope.params._meta as JsonObject | undefined)?.progressToken
    if (progressToken === undefined || scope.abort.aborted || scope.inputs?.replaying) return
    if (!(progress > this.#lastProgress)) return // progress MUST increase (basic/utilities/progress)
    this.#lastProgress = progress
    const params: JsonObject = { progressToken, progress }
    if (total !== undefined) params.total = total
    if (message !== undefined && scope.protocolVersion >= V2025_03_26) params.message = message
    await scope.emit(notification('notifications/progress', params))
  }

  async log(level: LoggingLevel, data: unknown, logger?: string): Promise<void> {
    const scope = this.#scope
    if (scope.logLevel === null || scope.abort.aborted || scope.inputs?.replaying) return
    const min = scope.session?.logLevel ?? scope.logLevel
    if (min !== undefined && levelRank(level) < levelRank(min)) return
    const params: JsonObject = { level, data }
    if (logger !== undefined) params.logger = logger
    await scope.emit(notification('notifications/message', params))
  }

  /** A request to the client: an MRTR input round (2026-07-28), or a server→client request of the legacy era. */
  #ask<T>(method: string, params: JsonObject, capability: string, options?: RequestOptions): Promise<T> {
    const scope = this.#scope
    // A legacy scope exists only on a server with the legacy era.
    if (scope.era === LEGACY)
      return scope.core.features.legacy!.ask(scope, { method, params, capability }, options) as Promise<T>
    return scope.inputs
      ? scope.inputs.ask<T>(method, params, capability, options?.key)
      : misuse(`${method} needs an input round: tools/call, prompts/get or resources/read of an McpServer`)
  }
}
