import {
  type AuthProvider,
  ConnectionClosedError,
  encodeMessage,
  type JsonRpcMessage,
  McpHttpError,
  McpLocalError,
  type RequestId,
  ResponseTooLargeError,
  type ResponseLimits,
  type Transport,
} from '@edgemcp/core'
import { checkHeaderSize, displayUrl, isObject, resolveLimits } from '@edgemcp/core/internal'
import { authorizedFetch, type FetchLike } from '@edgemcp/streamable-http'
import {
  type SseEvent,
  SseEventTooLargeError,
  SseParser,
  waitToResend,
} from '@edgemcp/streamable-http/internal'

/**
 * A message refused with 503 is POSTed again at most this many times, each after the `Retry-After` the
 * answer asked (at most 30 s; RESEND_DELAY_MS without one): the same bounds as the Streamable HTTP client's
 * defaults.
 */
const MAX_RESENDS = 3
const RESEND_DELAY_MS = 1000

/**
 * What `new Headers(…)` takes. Spelled through `Headers` rather than as DOM's `HeadersInit`, which Node's types
 * do not declare: a Node project without the DOM lib could not compile this declaration.
 */
type HeadersInitLike = NonNullable<ConstructorParameters<typeof Headers>[0]>
export type HeadersSource = HeadersInitLike | (() => HeadersInitLike | Promise<HeadersInitLike>)

/**
 * Options of the HTTP+SSE client transport. `maxMessageBytes` (default 4 MiB) bounds each event of the
 * stream and `maxHeaderBytes` (default 64 KiB) the headers of each answer: past them the stream is refused
 * with ResponseTooLargeError and the transport closes.
 */
export interface SseClientTransportOptions extends ResponseLimits {
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch
  /** Extra headers of every request (e.g. `Authorization`), or a function that returns them each time. */
  headers?: HeadersSource
  /**
   * Authorizes every request and reacts to 401/403 (log in, refresh, step up), retrying the request once
   * (e.g. `createOAuthProvider(...)` from `@edgemcp/auth/client`).
   */
  authProvider?: AuthProvider | undefined
  /** How long `start()` waits for the `endpoint` event. Default 10 000 ms. */
  endpointTimeoutMs?: number
  /**
   * Accept an `endpoint` on another origin than the stream's. Default false: a server (or whoever controls
   * the stream) cannot make the client POST its messages, and its credentials, elsewhere.
   */
  allowCrossOriginEndpoint?: boolean
}

/**
 * The client side of the legacy HTTP+SSE transport (2024-11-05 basic/transports "HTTP with SSE"), on fetch:
 * `start()` GETs the event stream and waits for the `endpoint` event; `send()` POSTs each message there;
 * `message` events become `onmessage`. A legacy session cannot be resumed, so when the stream ends the
 * transport closes (`onclose`); connect again for a new session.
 */
export class SseClientTransport implements Transport {
  onmessage?: ((message: unknown) => void) | undefined
  onclose?: (() => void) | undefined
  onerror?: ((error: Error) => void) | undefined
  /** Set by a client: told which requests will get no response when the stream fails (see ClientTransport). */
  onrequestfailed?: ((id: RequestId, error: Error) => void) | undefined

  private readonly url: URL
  private readonly limits: ReturnType<typeof resolveLimits>
  /** Ids of the requests sent and not answered yet (what a failing stream leaves unanswered). */
  private readonly awaiting = new Set<RequestId>()
  private readonly fetchImpl: FetchLike
  private readonly abort = new AbortController()
  private endpoint: URL | undefined
  private started = false
  private closed = false
  private protocolVersion: string | undefined
  private waiting: { resolve: () => void; reject: (e: Error) => void } | undefined

  constructor(
    url: string | URL,
    private readonly options: SseClientTransportOptions = {},
  ) {
    this.url = new URL(url)
    const base: FetchLike = options.fetch ?? ((input, init) => fetch(input, init))
    this.fetchImpl = options.authProvider ? authorizedFetch(options.authProvider, base) : base
    this.limits = resolveLimits(options)
  }

  /** The session id the server put in the endpoint URI (its `sessionId` parameter), once known. */
  get sessionId(): string | undefined {
    return this.endpoint?.searchParams.get('sessionId') ?? undefined
  }

  /** Where messages are POSTed, once the `endpoint` event has arrived. */
  get endpointUrl(): URL | undefined {
    return this.endpoint
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version
  }

  async start(): Promise<void> {
    if (this.started) throw new McpLocalError('misuse', 'SseClientTransport already started')
    this.started = true
    // One budget for the whole opening: the answer's headers, an error body, the endpoint event. A server
    // that stalls anywhere in it cannot hold start() (and the client's connect()) for ever.
    const timeoutMs = this.options.endpointTimeoutMs ?? 10_000
    const timedOut = new McpLocalError('timeout', `No endpoint event within ${timeoutMs} ms`)
    const timer = setTimeout(() => {
      const waiting = this.waiting
      this.waiting = undefined
      waiting?.reject(timedOut)
      this.abort.abort(timedOut)
    }, timeoutMs)
    try {
      await this.open()
    } catch (e) {
      await this.close()
      throw this.abort.signal.reason === timedOut ? timedOut : e
    } finally {
      clearTimeout(timer)
    }
  }

  /** GETs the stream and waits for the `endpoint` event. */
  private async open(): Promise<void> {
    const headers = await this.headers({ Accept: 'text/event-stream' })
    let response: Response
    try {
      response = await this.fetchImpl(this.url, { method: 'GET', headers, signal: this.abort.signal })
    } catch (e) {
      if (e instanceof McpLocalError) throw e // e.g. the auth provider refused to log in
      throw new McpLocalError(
        'transport',
        `Cannot open the SSE stream at ${displayUrl(this.url)}: ${String(e)}`,
        { cause: e },
      )
    }
    checkHeaderSize(response, this.url, this.limits.maxHeaderBytes)
    if (!response.ok) throw await McpHttpError.fromResponse(response, { method: 'GET', url: this.url })
    const type = response.headers.get('content-type') ?? ''
    if (!response.body || !type.toLowerCase().startsWith('text/event-stream')) {
      await response.body?.cancel().catch(() => {})
      throw new McpLocalError(
        'remote',
        `GET ${displayUrl(this.url)} answered HTTP ${response.status} ${type || 'without a content type'}, not an SSE stream`,
      )
    }
    const body = response.body
    await new Promise<void>((resolve, reject) => {
      this.waiting = { resolve, reject }
      void this.read(body)
    })
  }

  /** POSTs a message to the endpoint; `signal` drops that POST when the caller stops waiting. */
  async send(
    message: JsonRpcMessage | JsonRpcMessage[],
    options: { signal?: AbortSignal } = {},
  ): Promise<void> {
    if (this.closed) throw new ConnectionClosedError('SSE transport is closed')
    const endpoint = this.endpoint
    if (!endpoint) throw new McpLocalError('misuse', 'SSE transport not started: no endpoint yet')
    const extra: Record<string, string> = { 'Content-Type': 'application/json' }
    if (this.protocolVersion) extra['MCP-Protocol-Version'] = this.protocolVersion
    const init = {
      method: 'POST',
      headers: await this.headers(extra),
      body: encodeMessage(message),
      signal: options.signal ? AbortSignal.any([this.abort.signal, options.signal]) : this.abort.signal,
    }
    const ids = (Array.isArray(message) ? message : [message]).flatMap((m) =>
      'method' in m && 'id' in m ? [m.id] : [],
    )
    for (const id of ids) this.awaiting.add(id)
    try {
      await this.post(endpoint, init)
    } catch (e) {
      for (const id of ids) this.awaiting.delete(id)
      throw e
    }
  }

  /**
   * POSTs one message; the answer comes on the stream, so the body of a 2xx is not read. A 503 is sent again
   * (see MAX_RESENDS), whatever the message: on this transport the POST only hands a message over (202
   * Accepted, the answer comes on the stream), so a server that could not take it now did not run it. In a
   * fleet that is the instance holding the stream, alive but briefly unable to hear (its pub/sub
   * reconnecting): giving up would lose the message.
   */
  private async post(endpoint: URL, init: RequestInit & { signal: AbortSignal }): Promise<void> {
    let response: Response
    for (let attempt = 1; ; attempt++) {
      try {
        // A wait cut short by the signal ends here: fetch rejects at once with the abort.
        response = await this.fetchImpl(endpoint, init)
      } catch (e) {
        if (this.closed) throw new ConnectionClosedError('SSE transport is closed')
        if (e instanceof McpLocalError) throw e
        throw new McpLocalError('transport', `POST to ${endpoint.pathname} failed: ${String(e)}`, {
          cause: e,
        })
      }
      const policy = { attempt, maxRetries: MAX_RESENDS, fallbackMs: RESEND_DELAY_MS, signal: init.signal }
      if (!(await waitToResend(response, policy))) break
    }
    if (!response.ok) throw await McpHttpError.fromResponse(response, { method: 'POST', url: endpoint })
    await response.body?.cancel().catch(() => {})
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.abort.abort()
    const waiting = this.waiting
    this.waiting = undefined
    waiting?.reject(new ConnectionClosedError('SSE transport closed before the endpoint event'))
    // Only an opened transport reports `onclose`: when `start()` fails, its rejection is the news (a client
    // would take an `onclose` for a dropped connection and lose the real error, e.g. a 404).
    if (this.endpoint) this.onclose?.()
  }

  private async headers(extra: Record<string, string>): Promise<Headers> {
    const source = this.options.headers
    const base = typeof source === 'function' ? await source() : source
    const headers = new Headers(base)
    for (const [k, v] of Object.entries(extra)) headers.set(k, v)
    return headers
  }

  /** The client gave up on a request: its response is no longer awaited (nothing to close: one stream). */
  abandon(id: RequestId): void {
    this.awaiting.delete(id)
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const parser = new SseParser(
      { onEvent: (e) => this.dispatch(e) },
      { maxEventSize: this.limits.maxMessageBytes },
    )
    const reader = body.getReader()
    const decoder = new TextDecoder()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        parser.push(decoder.decode(value, { stream: true }))
      }
    } catch (e) {
      if (e instanceof SseEventTooLargeError) {
        reader.cancel().catch(() => {})
        const error = new ResponseTooLargeError(
          'An event of the SSE stream',
          this.url,
          this.limits.maxMessageBytes,
          'maxMessageBytes',
        )
        if (this.waiting) this.fail(error)
        else this.failAwaiting(error)
      } else if (!this.closed)
        this.failAwaiting(new McpLocalError('transport', `SSE stream failed: ${String(e)}`, { cause: e }))
    } finally {
      parser.end()
      reader.releaseLock()
      await this.close()
    }
  }

  private dispatch(event: SseEvent): void {
    if (this.closed) return
    if (event.event === 'endpoint') {
      this.setEndpoint(event.data)
      return
    }
    if (event.event !== 'message' || event.data === '') return
    if (!this.endpoint) {
      this.report(new McpLocalError('remote', 'SSE message before the endpoint event: ignored'))
      return
    }
    let message: unknown
    try {
      message = JSON.parse(event.data)
    } catch {
      this.report(new McpLocalError('remote', `SSE message is not JSON: ${event.data.slice(0, 200)}`))
      return
    }
    for (const m of Array.isArray(message) ? message : [message])
      if (isObject(m) && !('method' in m)) this.awaiting.delete(m.id as RequestId)
    this.onmessage?.(message)
  }

  private setEndpoint(data: string): void {
    if (this.endpoint) {
      this.report(new McpLocalError('remote', 'A second endpoint event was ignored'))
      return
    }
    let url: URL
    try {
      url = new URL(data.trim(), this.url)
    } catch {
      this.fail(new McpLocalError('remote', `Invalid endpoint event: ${JSON.stringify(data)}`))
      return
    }
    if (url.origin !== this.url.origin && !this.options.allowCrossOriginEndpoint) {
      this.fail(
        new McpLocalError(
          'remote',
          `Endpoint ${url.origin} is not on the stream's origin ${this.url.origin}`,
        ),
      )
      return
    }
    this.endpoint = url
    const waiting = this.waiting
    this.waiting = undefined
    waiting?.resolve()
  }

  /** The stream failed: every request still waiting fails with `error` (reported when none waits). */
  private failAwaiting(error: Error): void {
    const ids = [...this.awaiting]
    this.awaiting.clear()
    if (ids.length === 0 || !this.onrequestfailed) this.report(error)
    for (const id of ids) this.onrequestfailed?.(id, error)
  }

  private fail(error: Error): void {
    const waiting = this.waiting
    this.waiting = undefined
    if (waiting) waiting.reject(error)
    else this.report(error)
    void this.close()
  }

  private report(error: Error): void {
    this.onerror?.(error)
  }
}
