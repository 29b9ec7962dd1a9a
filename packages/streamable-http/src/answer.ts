import { type HandleResult, type JsonRpcMessage, McpLocalError, type ServerSession } from '@edgemcp/core'
import type { EventStream } from './event-stream.js'
import type { HandlerState, PendingAnswer } from './state.js'

const isRequestMessage = (m: JsonRpcMessage) => 'method' in m && 'id' in m

export interface AnswerOptions {
  session: ServerSession | undefined
  /** The client accepts SSE and the handler may use it for this request. */
  canStream: boolean
  /** Modern era: the stream closing cancels the request. */
  cancelOnDisconnect: boolean
  requestSignal: AbortSignal
}

/**
 * The answer to one POSTed request. It stays a single JSON body until the handler emits a related message
 * before its result; then it becomes an SSE stream carrying those messages and finally the response.
 */
export class Answer implements PendingAnswer {
  stream: EventStream | undefined
  response: Response | undefined
  /** Set once the result is known: later emits are dropped (nothing may follow the response). */
  done = false
  readonly switched: Promise<void>
  private onSwitch!: () => void
  private readonly cancel = new AbortController()
  /** Aborts when the client goes away (modern cancellation). */
  readonly signal: AbortSignal

  constructor(
    private readonly state: HandlerState,
    private readonly options: AnswerOptions,
  ) {
    this.switched = new Promise((resolve) => {
      this.onSwitch = resolve
    })
    this.signal = AbortSignal.any([options.requestSignal, this.cancel.signal])
  }

  ensureStream(): EventStream | undefined {
    if (this.stream || !this.options.canStream || this.done) return this.stream
    const stream = this.state.newStream(this.options.session)
    this.stream = stream
    this.response = stream.open(
      { signal: this.options.requestSignal },
      this.options.cancelOnDisconnect
        ? () => this.cancel.abort(new Error('client closed the stream'))
        : undefined,
    )
    this.onSwitch()
    return stream
  }

  /** The handler's `emit`: related messages of this request. */
  async emit(message: JsonRpcMessage): Promise<void> {
    if (this.done) return
    const stream = this.ensureStream()
    if (stream) return stream.send(message)
    // A JSON-only answer. A legacy server→client request goes to the standalone stream, if there is one;
    // progress and log notifications have nowhere to go and are dropped.
    if (!isRequestMessage(message)) return
    const standalone = this.options.session && this.state.standaloneOf(this.options.session.id)
    if (!standalone)
      throw new McpLocalError(
        'transport',
        'Cannot send a request to the client: this answer is JSON-only and no standalone GET stream is open',
      )
    return standalone.send(message)
  }

  /** Streams the final response(s) and ends the stream. */
  async finish(result: HandleResult): Promise<void> {
    this.done = true
    const stream = this.stream
    if (!stream) return
    const body = result.body
    for (const m of body === undefined ? [] : Array.isArray(body) ? body : [body]) await stream.send(m)
    await stream.end()
  }
}
