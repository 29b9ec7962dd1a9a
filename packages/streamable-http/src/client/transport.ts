import {
  ConnectionClosedError,
  encodeMessage,
  isModernVersion,
  type JsonRpcMessage,
  McpHttpError,
  McpLocalError,
  ProtocolError,
  type RequestId,
  ResponseTooLargeError,
  type Transport,
} from '@edgemcp/core'
import { isObject, checkHeaderSize, displayUrl, resolveLimits } from '@edgemcp/core/internal'
import { answerMessages } from './answer-body.js'
import { authorizedFetch, type FetchLike } from './authorized-fetch.js'
import { SessionExpiredError } from './errors.js'
import type { StreamableHttpClientTransportOptions, StreamState } from './options.js'
import { readSse } from './read-sse.js'
import { reconnect } from './reconnect.js'
import { waitToResend } from './retry-after.js'
import { cancelledRequest, mirroredHeaders, modernVersionOf, ToolHeaders } from './request-headers.js'

const ACCEPT_BOTH = 'application/json, text/event-stream'
/** How long a legacy SSE stream is still read once no request waits on it (see `abandon`). */
const ABANDONED_STREAM_GRACE_MS = 2000
const isRequest = (m: JsonRpcMessage): m is JsonRpcMessage & { id: RequestId; method: string } =>
  'method' in m && 'id' in m
const describe = (e: unknown) => (e instanceof Error ? e.message : String(e))

/**
 * The client side of Streamable HTTP for both eras: each message is a POST; answers come as JSON or SSE.
 * Legacy: keeps `Mcp-Session-Id` and `MCP-Protocol-Version`, opens the standalone GET stream on request,
 * resumes dropped SSE streams with `Last-Event-ID` after `retry`. Modern: mirrors the method, name and
 * `x-mcp-header` arguments into headers; cancelling a request closes its stream.
 */
export class StreamableHttpClientTransport implements Transport {
  onmessage?: ((message: unknown) => void) | undefined
  onclose?: (() => void) | undefined
  onerror?: ((error: Error) => void) | undefined
  /**
   * Set by a client (McpClient does): told when a request will get no response because its stream broke off
   * for good or was refused (an event over `maxMessageBytes`), so the request fails at once instead of at its
   * timeout. Without it such failures go to `onerror`.
   */
  onrequestfailed?: ((id: RequestId, error: Error) => void) | undefined

  private readonly url: string
  private readonly fetchImpl: FetchLike
  private readonly limits: ReturnType<typeof resolveLimits>
  private readonly tools: ToolHeaders
  private readonly controllers = new Set<AbortController>()
  /** Open response streams, so a cancelled legacy request stops being awaited (and resumed) on its stream. */
  private readonly streams = new Set<StreamState>()
  private readonly modernRequests = new Map<RequestId, AbortController>()
  private readonly closing = new AbortController()
  private _sessionId: string | undefined
  private protocolVersion: string | undefined
  private standalone: StreamState | undefined
  /**
   * The standalone stream given up after its reconnection attempts failed (the server unreachable), with
   * where it was: reopened once the session's server answers a request again.
   */
  private lostStandalone: { lastEventId: string | undefined } | undefined
  private opening: Promise<boolean> | undefined
  private closed = false

  constructor(
    url: string | URL,
    private readonly options: StreamableHttpClientTransportOptions = {},
  ) {
    this.url = String(url)
    const base = options.fetch ?? ((input, init) => fetch(input, init))
    this.fetchImpl = options.authProvider ? authorizedFetch(options.authProvider, base) : base
    this.limits = resolveLimits(options)
    this.tools = new ToolHeaders((m) => options.onWarning?.(m))
    this._sessionId = options.sessionId
    this.protocolVersion = options.protocolVersion
  }

  get sessionId(): string | undefined {
    return this._sessionId
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version
  }

  async start(): Promise<void> {
    if (this.closed) throw new ConnectionClosedError('The transport is closed')
  }

  /** Sends a message; `signal` drops the exchange (its POST and answer) when the caller stops waiting. */
  async send(
    message: JsonRpcMessage | JsonRpcMessage[],
    options: { signal?: AbortSignal } = {},
  ): Promise<void> {
    if (this.closed) throw new ConnectionClosedError('The transport is closed')
    // Cancelling a modern request is closing its stream, not a POSTed notification (2026-07-28 "Cancellation").
    const cancelled = cancelledRequest(message)
    if (cancelled && this.modernRequests.has(cancelled.id)) return this.cancel(cancelled.id, cancelled.reason)
    // A cancelled legacy request gets no response (basic/utilities/cancellation): stop waiting for it, so its
    // stream ending is not a reason to resume it with Last-Event-ID.
    if (cancelled) this.forget(cancelled.id)
    const messages = Array.isArray(message) ? message : [message]
    for (const m of messages) this.tools.sent(m)
    const single = Array.isArray(message) ? undefined : message
    const modernVersion =
      (single && modernVersionOf(single)) ??
      (this.protocolVersion && isModernVersion(this.protocolVersion) ? this.protocolVersion : undefined)
    const headers = await this.baseHeaders(ACCEPT_BOTH)
    if (single) Object.assign(headers, mirroredHeaders(single, this.tools))
    const sentSession = modernVersion ? undefined : this._sessionId
    if (modernVersion) headers['MCP-Protocol-Version'] = modernVersion
    else this.legacyHeaders(headers)
    const ids = messages.filter(isRequest).map((m) => m.id)
    const state = this.newStream(ids, false, modernVersion === undefined)
    if (modernVersion) for (const id of ids) this.modernRequests.set(id, state.controller)
    const drop = () => state.controller.abort(options.signal?.reason)
    if (options.signal?.aborted) drop()
    options.signal?.addEventListener('abort', drop, { once: true })

    const body = encodeMessage(message)
    // Answers to the server's requests (no method) refused with 503 are sent again when the server says: in a
    // fleet the instance that waits for one can be alive but briefly unable to hear it (its pub/sub
    // reconnecting), and a dropped answer would leave that request waiting for its timeout. Requests are never
    // re-sent this way: a 503 does not say whether one ran.
    const answersOnly = messages.every((m) => !('method' in m))
    let response: Response
    for (let attempt = 1; ; attempt++) {
      try {
        response = await this.fetchImpl(this.url, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body,
          signal: state.controller.signal,
        })
      } catch (e) {
        this.release(state)
        if (this.closed) throw new ConnectionClosedError('The transport is closed')
        if (state.controller.signal.aborted) return // cancelled
        if (e instanceof McpLocalError) throw e // e.g. the auth provider refused to log in
        throw new McpLocalError('transport', `POST ${displayUrl(this.url)} failed: ${describe(e)}`, {
          cause: e,
        })
      }
      const resend =
        answersOnly &&
        (await waitToResend(response, {
          attempt,
          maxRetries: this.options.maxReconnectAttempts ?? 3,
          fallbackMs: this.options.reconnectDelayMs ?? 1000,
          signal: state.controller.signal,
        }))
      if (!resend) break
      if (this.closed || state.controller.signal.aborted) {
        this.release(state)
        if (this.closed) throw new ConnectionClosedError('The transport is closed')
        return
      }
    }
    try {
      checkHeaderSize(response, this.url, this.limits.maxHeaderBytes)
    } catch (e) {
      this.release(state)
      throw e
    }
    const isInit = single !== undefined && 'method' in single && single.method === 'initialize'
    const assigned = response.headers.get('mcp-session-id')
    if (isInit && assigned && !modernVersion) {
      this._sessionId = assigned
      this.lostStandalone = undefined
    }
    // The server answers the session's requests again: the standalone stream it lost comes back.
    if (response.ok && sentSession !== undefined && this.lostStandalone) this.reviveStandalone()
    try {
      await this.answer(response, state, sentSession)
    } catch (e) {
      if (this.closed) throw new ConnectionClosedError('The transport is closed')
      if (state.controller.signal.aborted) return // abandoned or cancelled while the body was read
      // What is left of a refused answer is not read: its connection is closed, not left to the server.
      state.controller.abort()
      if (e instanceof McpLocalError || e instanceof ProtocolError) throw e
      // The connection failed while the body was read.
      throw new McpLocalError(
        'transport',
        `Reading the answer to POST ${displayUrl(this.url)} failed: ${describe(e)}`,
        { cause: e },
      )
    }
  }

  /** Handles the answer to a POST: 202, JSON, SSE (read in the background) or an error. */
  private async answer(
    response: Response,
    state: StreamState,
    sentSession: string | undefined,
  ): Promise<void> {
    if (response.status === 404 && sentSession) {
      this.release(state)
      await response.body?.cancel()
      throw this.expire(sentSession)
    }
    const type = response.headers.get('content-type') ?? ''
    if (response.ok && type.includes('text/event-stream')) {
      state.sse = true
      void this.consume(response, state)
      return
    }
    try {
      if (response.status === 202) {
        await response.body?.cancel()
        return
      }
      const messages = await answerMessages(response, {
        method: 'POST',
        url: this.url,
        pending: state.pending,
        maxMessageBytes: this.limits.maxMessageBytes,
      })
      for (const v of messages) this.deliver(v)
    } finally {
      this.release(state)
    }
  }

  /**
   * Opens the legacy standalone GET stream for server-initiated messages. False when the server offers none
   * (405). It reconnects by itself when dropped, resuming with `Last-Event-ID`; given up after
   * `maxReconnectAttempts` failed attempts (the server unreachable), it is reopened as soon as a request of
   * the session succeeds again (e.g. after the server restarted).
   */
  async openStandaloneStream(): Promise<boolean> {
    if (this.closed) throw new ConnectionClosedError('The transport is closed')
    if (!this._sessionId) throw new McpLocalError('misuse', 'The standalone stream needs a legacy session')
    if (this.standalone) return true
    // One GET at a time: a second caller (McpClient opens it after the handshake) shares the first's answer.
    this.opening ??= this.openStandalone().finally(() => {
      this.opening = undefined
    })
    return this.opening
  }

  /** Reopens the standalone stream given up while the server was unreachable, resuming where it was. */
  private reviveStandalone(): void {
    const lost = this.lostStandalone
    this.lostStandalone = undefined
    if (!lost || this.closed || this.standalone || this.opening) return
    this.opening = this.openStandalone(lost.lastEventId)
      .catch((e: unknown) => {
        this.report(e instanceof Error ? e : new Error(String(e)))
        return false
      })
      .finally(() => {
        this.opening = undefined
      })
  }

  /** GETs the standalone stream; with `lastEventId`, resumes it (afresh when the server no longer knows it). */
  private async openStandalone(lastEventId?: string): Promise<boolean> {
    const state = this.newStream([], true, true)
    state.lastEventId = lastEventId
    /** A GET answer that is not a stream: its connection is closed, not left to the server. */
    const drop = () => {
      state.controller.abort()
      this.release(state)
    }
    const response = await this.get(state).catch((e: unknown) => {
      this.release(state)
      throw e
    })
    if (response.status === 405) {
      drop()
      return false
    }
    if (response.status === 400 && lastEventId !== undefined) {
      drop()
      return this.openStandalone()
    }
    if (!response.ok) {
      // Dropped after the excerpt is read: until then close() can still abort a body that never ends.
      const error = await McpHttpError.fromResponse(response, { method: 'GET', url: this.url })
      drop()
      throw error
    }
    if (!response.headers.get('content-type')?.includes('text/event-stream')) {
      drop()
      throw new McpLocalError(
        'remote',
        `GET ${displayUrl(this.url)} answered ${response.headers.get('content-type') ?? 'no content type'}, not an SSE stream`,
      )
    }
    this.standalone = state
    void this.consume(response, state)
    return true
  }

  /** Cancels a request: a modern one by closing its stream, a legacy one with notifications/cancelled. */
  async cancel(id: RequestId, reason: string): Promise<void> {
    const controller = this.modernRequests.get(id)
    if (controller) {
      this.modernRequests.delete(id)
      controller.abort(new McpLocalError('aborted', reason))
      return
    }
    await this.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason } })
  }

  private forget(id: RequestId): void {
    for (const state of this.streams) state.pending.delete(id)
  }

  /**
   * Stops waiting for the response to `id` without telling the server (McpClient calls it when a request
   * times out or is aborted): an answer no other request waits on is no longer read — a JSON body, or a
   * modern SSE stream (closing it is how a modern request is cancelled). A legacy SSE stream is read a
   * little longer, without resumption: the server may still send the call's related messages there (such
   * as the cancellation of an elicitation it asked for); it is closed after ABANDONED_STREAM_GRACE_MS.
   */
  abandon(id: RequestId): void {
    for (const state of this.streams) {
      if (!state.pending.delete(id) || state.standalone || state.pending.size > 0) continue
      const stop = () =>
        state.controller.abort(new McpLocalError('aborted', 'No response is awaited any more'))
      if (!(state.sse && state.resumable)) stop()
      else state.graceTimer ??= setTimeout(stop, ABANDONED_STREAM_GRACE_MS)
    }
  }

  /** Ends the legacy session with DELETE (405 means the server does not allow it) and forgets it. */
  async terminateSession(): Promise<void> {
    const sessionId = this._sessionId
    if (!sessionId) return
    const headers = this.legacyHeaders(await this.baseHeaders())
    const response = await this.fetchImpl(this.url, {
      method: 'DELETE',
      headers,
      signal: this.closing.signal,
    })
    if (!response.ok && response.status !== 405 && response.status !== 404)
      throw await McpHttpError.fromResponse(response, { method: 'DELETE', url: this.url })
    await response.body?.cancel()
    this._sessionId = undefined
    this.lostStandalone = undefined
    this.standalone?.controller.abort()
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.closing.abort()
    for (const c of this.controllers) c.abort(new ConnectionClosedError('The transport is closed'))
    this.controllers.clear()
    this.modernRequests.clear()
    this.onclose?.()
  }

  private newStream(ids: RequestId[], standalone: boolean, resumable: boolean): StreamState {
    const controller = new AbortController()
    this.controllers.add(controller)
    const state: StreamState = {
      pending: new Set(ids),
      standalone,
      resumable,
      sse: standalone,
      controller,
      lastEventId: undefined,
      retryMs: undefined,
    }
    this.streams.add(state)
    return state
  }

  private release(state: StreamState): void {
    clearTimeout(state.graceTimer)
    this.streams.delete(state)
    this.controllers.delete(state.controller)
    for (const [id, controller] of this.modernRequests)
      if (controller === state.controller) this.modernRequests.delete(id)
    if (this.standalone === state) this.standalone = undefined
  }

  private async baseHeaders(accept?: string): Promise<Record<string, string>> {
    const headers: Record<string, string> = {
      ...this.options.headers,
      ...(await this.options.authHeaders?.()),
    }
    if (accept) headers.Accept = accept
    return headers
  }

  /** `Mcp-Session-Id` and `MCP-Protocol-Version` of the legacy session, when known. */
  private legacyHeaders(headers: Record<string, string>): Record<string, string> {
    if (this._sessionId) headers['Mcp-Session-Id'] = this._sessionId
    if (this.protocolVersion) headers['MCP-Protocol-Version'] = this.protocolVersion
    return headers
  }

  private get(state: StreamState): Promise<Response> {
    return this.baseHeaders('text/event-stream')
      .then((headers) => {
        this.legacyHeaders(headers)
        if (state.lastEventId !== undefined) headers['Last-Event-ID'] = state.lastEventId
        return this.fetchImpl(this.url, { method: 'GET', headers, signal: state.controller.signal })
      })
      .then((response) => {
        checkHeaderSize(response, this.url, this.limits.maxHeaderBytes)
        return response
      })
  }

  /** Reads a stream to its end; resumes it (legacy) while responses are still owed or it is the standalone one. */
  private async consume(first: Response, state: StreamState): Promise<void> {
    let response: Response | undefined = first
    while (response) {
      const outcome = await readSse(
        response,
        state,
        {
          onMessage: (m) => this.deliver(m, state),
          onBadEvent: (data) =>
            this.report(new McpLocalError('remote', `Ignoring a non-JSON SSE event: ${data.slice(0, 100)}`)),
        },
        this.limits.maxMessageBytes,
      )
      if (this.closed || state.controller.signal.aborted) break
      if (outcome === 'too-large') {
        // Resuming would only replay the same event: the stream, and what it still owed, is given up.
        const what = state.standalone ? 'An event of the standalone SSE stream' : 'An SSE event'
        this.failStream(
          state,
          new ResponseTooLargeError(what, this.url, this.limits.maxMessageBytes, 'maxMessageBytes'),
        )
        break
      }
      if (!state.standalone && state.pending.size === 0) break
      const canResume =
        state.resumable && this._sessionId && (state.standalone || state.lastEventId !== undefined)
      const resumed = canResume
        ? await reconnect(state, {
            attempts: this.options.maxReconnectAttempts ?? 3,
            url: this.url,
            delayMs: this.options.reconnectDelayMs ?? 1000,
            closing: this.closing.signal,
            sessionId: () => (this.closed ? undefined : this._sessionId),
            get: (st) => this.get(st),
            expire: (id) => this.expire(id),
            report: (e) => this.report(e),
          })
        : undefined
      if (resumed === 'exhausted' && state.standalone)
        this.lostStandalone = { lastEventId: state.lastEventId }
      response = resumed === 'exhausted' ? undefined : resumed
      if (!response && state.pending.size > 0)
        this.failStream(
          state,
          new McpLocalError(
            'transport',
            `The SSE stream of POST ${displayUrl(this.url)} ended before the response arrived`,
          ),
        )
    }
    this.release(state)
  }

  /** A stream that will deliver nothing more: its requests fail (or the error is reported), it is closed. */
  private failStream(state: StreamState, error: Error): void {
    const ids = [...state.pending]
    state.pending.clear()
    state.controller.abort(error)
    if (ids.length === 0 || !this.onrequestfailed) this.report(error)
    for (const id of ids) this.onrequestfailed?.(id, error)
  }

  private deliver(value: unknown, state?: StreamState): void {
    if (state && isObject(value) && !('method' in value)) state.pending.delete(value.id as RequestId)
    this.onmessage?.(this.tools.received(value))
  }

  private expire(sessionId: string): SessionExpiredError {
    const error = new SessionExpiredError(sessionId)
    if (this._sessionId === sessionId) {
      this._sessionId = undefined
      this.lostStandalone = undefined
      this.standalone?.controller.abort()
      Promise.resolve(this.options.onSessionExpired?.(error)).catch((e: unknown) =>
        this.report(e instanceof Error ? e : new Error(String(e))),
      )
    }
    return error
  }

  private report(error: Error): void {
    this.onerror?.(error)
  }
}
