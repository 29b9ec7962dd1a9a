import {
  type HandleResult,
  isRequest,
  type JsonRpcMessage,
  McpLocalError,
  type RequestId,
  type ServerSession,
} from '@edgemcp/core'
import type { RequestEntry } from '@edgemcp/core/internal'
import { storeRefusal } from './admission.js'
import type { RequestCancellation } from './cancellation.js'
import type { EventStream } from './event-stream.js'
import { jsonResponse } from './json-answer.js'
import type { McpRequestContext } from './request-context.js'
import type { PendingAnswer, StreamHost } from './state.js'

/** What an `Answer` is made of: one request being answered by the POST handler. */
export interface AnswerInit {
  state: StreamHost
  c: McpRequestContext
  session: ServerSession | undefined
  /** The client accepts SSE and the handler may use it for this request. */
  canStream: boolean
  /** Modern era: the stream closing cancels the request. */
  cancellation: RequestCancellation | undefined
  /** The request may change its legacy session: `onSessionChange` runs before the answer goes out. */
  changesSession: boolean
  /** A legacy request's id: the answer can be found by `closeSseStream` while the request runs. */
  pendingId: RequestId | null
  /** Who is asking (see `ClientLimits.clientOf`): an SSE answer counts against its byte budget. */
  client: string | undefined
}

/** The JSON-RPC id a result answers (none for a batch): what a refusal of its session answers too. */
const idOf = ({ body }: HandleResult): RequestId | null =>
  body !== undefined && !Array.isArray(body) ? (body.id ?? null) : null

/**
 * The answer to one POSTed request. It stays a single JSON body until the handler emits a related message
 * before its result; then it becomes an SSE stream carrying those messages and finally the response.
 *
 * Nothing is allocated for the streaming case until it happens: a request answered with JSON costs this
 * object, and one promise when its result is not known at once.
 */
export class Answer implements PendingAnswer {
  #stream: EventStream | undefined
  /** The SSE response, when the handler emitted before `respond` was called. */
  #response: Response | undefined
  /** Set once the result is known: later emits are dropped (nothing may follow the response). */
  #done = false
  /** Hand the HTTP response to the POST handler (the JSON answer, or the SSE response on switching). */
  #deliver: ((response: Response | Promise<Response>) => void) | undefined
  /** Registered with the state for `closeSseStream` (legacy requests with an id). */
  readonly #pendingId: RequestId | null
  readonly #pending: RequestEntry<PendingAnswer> | undefined

  /** The handler's `emit`: related messages of this request. */
  readonly emit = (message: JsonRpcMessage): Promise<void> | undefined => this.#relate(message)

  readonly #state: StreamHost
  /** The request's context while it is being answered (see `#settle`). */
  #c: McpRequestContext | undefined
  readonly #session: ServerSession | undefined
  /** The client accepts SSE and the handler may use it for this request. */
  readonly #canStream: boolean
  /** Modern era: the stream closing cancels the request. */
  readonly #cancellation: RequestCancellation | undefined
  /** The request may change its legacy session: `onSessionChange` runs before the answer goes out. */
  readonly #changes: boolean
  readonly #client: string | undefined

  constructor(init: AnswerInit) {
    const { state, session, pendingId } = init
    this.#client = init.client
    this.#state = state
    this.#c = init.c
    this.#session = session
    this.#canStream = init.canStream
    this.#cancellation = init.cancellation
    this.#changes = init.changesSession
    this.#pendingId = pendingId
    this.#pending = pendingId === null ? undefined : state.addPending(session!, pendingId, this)
  }

  /**
   * The HTTP response to a request being handled: JSON when the result comes first, SSE (returned as soon
   * as the handler emits) otherwise. A result known at once (`handleNow` of a synchronous method) is
   * answered at once, without a promise.
   */
  respond(handling: HandleResult | Promise<HandleResult>): Response | Promise<Response> {
    if (!(handling instanceof Promise)) return this.#settle(handling)
    return new Promise<Response>((resolve, reject) => {
      this.#deliver = resolve
      // The handler may have emitted (and switched to SSE) before handle() returned. A response delivered
      // already stays: a promise takes the first value it is resolved with.
      if (this.#response) resolve(this.#response)
      handling
        .then(
          (r) => this.#settle(r),
          (e: unknown) => this.#settle(undefined, e),
        )
        .then(resolve, reject) // rejected: a result that cannot be encoded
    })
  }

  ensureStream(): EventStream | undefined {
    if (this.#stream || !this.#canStream || this.#done) return this.#stream
    const stream = this.#state.newStream(this.#session, false, this.#pendingId)
    this.#stream = stream
    // Not done: the request's context is still here.
    const response = stream.open(this.#state.connectOf(this.#c!, this.#client), this.#cancellation)
    this.#response = response
    this.#deliver?.(response)
    return stream
  }

  #relate(message: JsonRpcMessage): Promise<void> | undefined {
    if (this.#done) return
    const stream = this.ensureStream()
    if (stream) return stream.send(message)
    // A JSON-only answer. A legacy server→client request goes to the standalone stream, if there is one;
    // progress and log notifications have nowhere to go and are dropped.
    if (!isRequest(message)) return
    const standalone = this.#session && this.#state.standaloneOf(this.#session)
    if (!standalone)
      return Promise.reject(
        new McpLocalError(
          'transport',
          'Cannot send a request to the client: this answer is JSON-only and no standalone GET stream is open',
        ),
      )
    return standalone.send(message)
  }

  /**
   * The result is known (`r`), or handling failed (`error`): the response (the SSE one when the answer became a
   * stream). Nothing here needs the HTTP request any more: dropping it keeps the request, its socket buffers and
   * the response body from living as long as whatever still holds this answer (e.g. the engine's request
   * scope).
   */
  #settle(r: HandleResult | undefined, error?: unknown): Response | Promise<Response> {
    this.#done = true
    this.#c = undefined
    this.#deliver = undefined
    this.#cancellation?.release()
    const stream = this.#stream
    const changed = this.#changes ? (r?.session ?? this.#session) : undefined
    if (r && stream) {
      void this.#finish(stream, r, changed)
        .catch(() => stream.abort())
        .finally(() => this.#untrack())
      return this.#response!
    }
    stream?.abort()
    this.#untrack()
    if (!r) return Promise.reject(error)
    // A session the request opened is stored, and a changed one reported, before the answer goes out.
    return r.session || changed
      ? this.#state.afterRequest(r.session, changed).then(
          () => jsonResponse(r, r.session),
          (e: unknown) => storeRefusal(e, idOf(r)),
        )
      : jsonResponse(r)
  }

  /** Streams the final response(s) and ends the stream. */
  async #finish(stream: EventStream, r: HandleResult, changed: ServerSession | undefined): Promise<void> {
    if (r.session || changed) await this.#state.afterRequest(r.session, changed)
    const body = r.body
    for (const m of body === undefined ? [] : Array.isArray(body) ? body : [body]) await stream.send(m)
    await stream.end()
  }

  #untrack(): void {
    if (this.#pending) this.#state.removePending(this.#session!, this.#pending)
  }
}
