import { ConnectionClosedError, McpLocalError } from '../errors/local-error.js'
import { fromErrorObject } from '../errors/protocol-error.js'
import { decodeMessage } from '../jsonrpc/codec.js'
import type { JsonRpcMessage, JsonRpcNotification, JsonRpcRequest, RequestId } from '../jsonrpc/types.js'
import {
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROTOCOL_VERSION,
} from '../protocol/meta.js'
import type { Implementation, LoggingLevel } from '../server/types.js'
import { implementationFor } from '../protocol/implementation.js'
import { clientCapabilities } from './capabilities.js'
import { handshake, type ServerState } from './handshake.js'
import { answerServerRequest, InputHandlers } from './input-handlers.js'
import type { AnswerIntercept, ClientIntercept } from './middleware.js'
import { RequestTracker } from './request-tracker.js'
import { SubscriptionRouter } from './subscriptions.js'
import type {
  ClientTransport,
  ElicitHandler,
  Era,
  JsonObject,
  ListRootsHandler,
  McpClientOptions,
  NotificationHandler,
  ClientRequestOptions,
  ProtocolChoice,
  SampleHandler,
} from './types.js'
import { isObject } from '../protocol/json.js'
import { TASKS_EXTENSION } from '../protocol/tasks.js'

/** Options of one wire request beyond the public ones. */
export interface WireOptions extends ClientRequestOptions {
  id?: RequestId
  /** Era and version of this request (the probe speaks them before the era is settled). */
  era?: Era
  version?: string
  /** Give up without telling the server (the era probe: a legacy server must not see notifications first). */
  silentCancel?: boolean
}

const asError = (e: unknown): Error => (e instanceof Error ? e : new McpLocalError('transport', String(e)))

/**
 * The connection engine under McpClient: the era handshake, request/response correlation, `_meta` of modern
 * requests, server→client requests (legacy), notifications, cancellation and the connection's end.
 */
export class ClientCore {
  readonly info: Implementation
  era: Era | undefined
  protocolVersion: string | undefined
  serverCapabilities: JsonObject | undefined
  serverInfo: Implementation | undefined
  instructions: string | undefined
  /** Modern era: the versions `server/discover` listed. */
  supportedVersions: string[] | undefined
  /** Legacy: the level last set with logging/setLevel. Modern: sent as `_meta` logLevel on every request. */
  logLevel: LoggingLevel | undefined
  onclose: (() => void) | undefined
  onerror: ((error: Error) => void) | undefined

  protected transport: ClientTransport | undefined
  /** The client's middleware, composed (`useClientMiddleware`); undefined when it has none. */
  declare protected intercept: ClientIntercept | undefined
  /** The `inbound` parts of the client's middleware, composed: runs a handler of a server→client request. */
  declare protected interceptAnswer: AnswerIntercept | undefined
  protected readonly options: McpClientOptions
  protected readonly tracker: RequestTracker
  protected readonly handlers: InputHandlers
  protected readonly router = new SubscriptionRouter()
  readonly #listeners = new Map<string, Set<NotificationHandler>>()
  readonly #inbound = new Map<RequestId, AbortController>()
  #closed = false
  readonly #closedSignal: Promise<void>
  #markClosed: () => void = () => {}

  constructor(info: Implementation, options: McpClientOptions = {}) {
    this.info = info
    this.options = options
    this.tracker = new RequestTracker(options.requestTimeoutMs ?? 60_000)
    this.handlers = new InputHandlers(options.handlers, options.elicitation?.form?.applyDefaults === true)
    this.logLevel = options.logLevel
    this.onerror = options.onerror
    this.#closedSignal = new Promise((resolve) => {
      this.#markClosed = resolve
    })
    for (const [method, fn] of Object.entries(options.handlers?.notifications ?? {}))
      this.onNotification(method, fn)
  }

  /** Answers elicitation/create. Register before connect() for a legacy server to see the capability. */
  onElicit(handler: ElicitHandler): this {
    this.handlers.elicit = handler
    return this
  }

  /** Answers sampling/createMessage. */
  onSample(handler: SampleHandler): this {
    this.handlers.sample = handler
    return this
  }

  /** Answers roots/list. */
  onListRoots(handler: ListRootsHandler): this {
    this.handlers.listRoots = handler
    return this
  }

  /** Listens to a server notification (`'*'` for all); returns the function that stops listening. */
  onNotification(method: string, handler: NotificationHandler): () => void {
    const set = this.#listeners.get(method) ?? new Set<NotificationHandler>()
    this.#listeners.set(method, set)
    set.add(handler)
    return () => set.delete(handler)
  }

  /** The capabilities declared in the given era (from `capabilities` and the registered handlers). */
  declaredCapabilities(era: Era = this.era ?? 'legacy', version?: string): JsonObject {
    const caps = clientCapabilities(this.options.capabilities ?? {}, this.handlers.declared, era, version, {
      applyDefaults: this.options.elicitation?.form?.applyDefaults === true,
    })
    // SEP-2663: a modern client that takes task results (callTool waits for them) says so.
    if (era === 'modern' && this.options.tasks)
      caps.extensions = { ...(isObject(caps.extensions) ? caps.extensions : {}), [TASKS_EXTENSION]: {} }
    return caps
  }

  /** Resolves when the connection has closed. */
  get whenClosed(): Promise<void> {
    return this.#closedSignal
  }

  /** Starts the transport and settles the era (discover probe and/or initialize, per the `protocol` option). */
  async connect(transport: ClientTransport): Promise<void> {
    await this.attach(transport)
    await this.settleEra(this.options.protocol ?? 'auto')
  }

  /**
   * Takes the transport and starts it, without a handshake: requests need `era` in their wire options until
   * `settleEra` ran. For clients built on this engine that speak before the handshake (@edgemcp/testing).
   */
  protected async attach(transport: ClientTransport): Promise<void> {
    if (this.transport) throw new McpLocalError('misuse', 'This client is already connected')
    this.transport = transport
    transport.onmessage = (value) => this.#receive(value)
    transport.onclose = () => this.#handleClose()
    transport.onerror = (e) => this.report(e)
    transport.onrequestfailed = (id, e) => this.tracker.fail(id, e)
    await transport.start()
  }

  /** The handshake of `protocol` on the attached transport; the connection is closed when it fails. */
  protected async settleEra(protocol: ProtocolChoice): Promise<void> {
    const transport = this.#requireTransport()
    let state: ServerState
    try {
      state = await handshake(
        {
          info: this.info,
          wire: (method, params, options) => this.wire(method, params, options),
          notifyWire: (method, params) => this.notify(method, params),
          declaredCapabilities: (era, version) => this.declaredCapabilities(era, version),
          adopt: (settled) => {
            Object.assign(this, settled)
            transport.setProtocolVersion?.(settled.protocolVersion)
          },
        },
        {
          protocol,
          discover: this.options.discover ?? true,
          probeTimeoutMs: this.#probeTimeoutMs(),
          requestTimeoutMs: this.options.requestTimeoutMs ?? 60_000,
        },
      )
    } catch (e) {
      await this.close()
      throw e
    }
    if (state.era === 'legacy' && this.options.standaloneStream !== false && transport.openStandaloneStream)
      // Not awaited, as the handshake is done: a server that is slow to answer the GET does not hold connect().
      transport.openStandaloneStream().catch((e: unknown) => this.report(asError(e)))
  }

  /**
   * The `auto` probe waits `probeTimeoutMs` (default 10 s), never longer than the request timeout the user
   * set: a client told to give up after 2 s does not wait 10 s for `server/discover`.
   */
  #probeTimeoutMs(): number {
    const probe = this.options.probeTimeoutMs ?? 10_000
    const request = this.options.requestTimeoutMs ?? 60_000
    return request > 0 && Number.isFinite(request) ? Math.min(probe, request) : probe
  }

  protected requireEra(): Era {
    if (this.#closed) throw new ConnectionClosedError('The client is closed')
    if (!this.era) throw new McpLocalError('misuse', 'Call connect() first')
    return this.era
  }

  #requireTransport(): ClientTransport {
    if (this.#closed || !this.transport) throw new ConnectionClosedError('The client is not connected')
    return this.transport
  }

  /** The `_meta` every modern request carries (2026-07-28 basic/index "_meta"). */
  protected modernMeta(version: string): JsonObject {
    const meta: JsonObject = {
      [META_PROTOCOL_VERSION]: version,
      [META_CLIENT_INFO]: implementationFor(version, this.info),
      [META_CLIENT_CAPABILITIES]: this.declaredCapabilities('modern'),
    }
    if (this.logLevel !== undefined) meta[META_LOG_LEVEL] = this.logLevel
    return meta
  }

  /** Sends one request and waits for its response (no MRTR). Errors from the server are ProtocolErrors. */
  protected async wire(method: string, params: JsonObject, options: WireOptions = {}): Promise<JsonObject> {
    const transport = this.#requireTransport()
    if (options.signal?.aborted)
      throw new McpLocalError('aborted', `Request ${method} was cancelled before it was sent`, {
        cause: options.signal.reason,
      })
    const era = options.era ?? this.requireEra()
    const id = options.id ?? this.tracker.nextId()
    const meta: JsonObject = isObject(params._meta) ? { ...params._meta } : {}
    if (options.onprogress) meta.progressToken = id
    if (era === 'modern') Object.assign(meta, this.modernMeta(options.version ?? this.protocolVersion ?? ''))
    const body: JsonObject = { ...params }
    delete body._meta
    if (Object.keys(meta).length > 0) body._meta = meta
    const cancel = (reason: string) => {
      // Whatever the server still sends for it is not read (an endless or huge answer costs nothing more).
      transport.abandon?.(id)
      if (!options.silentCancel && method !== 'initialize') void this.#cancelRemote(id, reason)
    }
    const send = (): Promise<JsonObject> => {
      const response = this.tracker.track(id, method, options, cancel)
      const message: JsonRpcRequest = { jsonrpc: '2.0', id, method }
      if (Object.keys(body).length > 0) message.params = body
      try {
        transport.send(message).catch((e: unknown) => this.tracker.fail(id, asError(e)))
      } catch (e) {
        this.tracker.fail(id, asError(e)) // a transport whose send throws instead of rejecting
      }
      return response
    }
    // Client middleware (`useClientMiddleware`, @edgemcp/core/middleware) sends it when installed.
    return this.intercept ? this.intercept(send, method, id, body, era, options.version) : send()
  }

  /** Tells the server a request is abandoned: the transport's own cancel, else notifications/cancelled. */
  async #cancelRemote(id: RequestId, reason: string): Promise<void> {
    const transport = this.transport
    if (this.#closed || !transport) return
    try {
      if (transport.cancel) await transport.cancel(id, reason)
      else await this.notify('notifications/cancelled', { requestId: id, reason })
    } catch (e) {
      this.report(asError(e))
    }
  }

  /** Sends a notification to the server. */
  async notify(method: string, params?: JsonObject): Promise<void> {
    const message: JsonRpcNotification = { jsonrpc: '2.0', method }
    if (params !== undefined) message.params = params
    const transport = this.#requireTransport()
    // Handing a notification over is bounded like a request: an HTTP server that never answers the POST
    // cannot hold the caller (connect() awaits notifications/initialized).
    const timeoutMs = this.options.requestTimeoutMs ?? 60_000
    if (!(timeoutMs > 0) || !Number.isFinite(timeoutMs)) return transport.send(message)
    const controller = new AbortController()
    const timedOut = new McpLocalError('timeout', `Sending ${method} timed out after ${timeoutMs} ms`)
    const timer = setTimeout(() => controller.abort(timedOut), timeoutMs)
    try {
      await Promise.race([
        transport.send(message, { signal: controller.signal }),
        new Promise<never>((_, reject) =>
          controller.signal.addEventListener('abort', () => reject(timedOut), { once: true }),
        ),
      ])
    } finally {
      clearTimeout(timer)
    }
  }

  #receive(value: unknown): void {
    if (Array.isArray(value)) {
      for (const v of value) this.#receive(v)
      return
    }
    const decoded = decodeMessage(value)
    if (!decoded.ok) {
      this.report(new McpLocalError('remote', `Malformed message from the server: ${decoded.error.message}`))
      return
    }
    const m: JsonRpcMessage = decoded.message
    if (!('method' in m)) {
      if (this.tracker.settle(m) || !('error' in m) || (m.id !== undefined && m.id !== null)) return
      // A response to a request we gave up on is ignored (cancellation); an error without an id during the
      // handshake is the answer to the one request in flight (a legacy server rejecting the probe).
      const error = fromErrorObject(m.error)
      if (!(this.era === undefined && this.tracker.failSole(error))) this.report(error)
      return
    }
    if ('id' in m) void this.#answer(m)
    else this.#dispatch(m.method, m.params ?? {})
  }

  /** A server→client request (legacy era): run its handler and answer, unless the server cancelled it. */
  async #answer(request: JsonRpcRequest): Promise<void> {
    const controller = new AbortController()
    this.#inbound.set(request.id, controller)
    const response = await answerServerRequest(
      this.handlers,
      request,
      {
        era: this.era ?? 'legacy',
        protocolVersion: this.protocolVersion ?? '',
        requestId: request.id,
        signal: controller.signal,
      },
      this.interceptAnswer,
    )
    if (this.#inbound.get(request.id) === controller) this.#inbound.delete(request.id)
    if (controller.signal.aborted || this.#closed) return
    await this.transport?.send(response).catch((e: unknown) => this.report(asError(e)))
  }

  #dispatch(method: string, params: JsonObject): void {
    if (method === 'notifications/progress') this.tracker.progress(params)
    if (method === 'notifications/cancelled') {
      const id = params.requestId
      if (typeof id === 'string' || typeof id === 'number') {
        this.#inbound.get(id)?.abort(new McpLocalError('aborted', String(params.reason ?? 'cancelled')))
        this.router.serverCancelled(id)
      }
    }
    const notification = { method, params }
    this.router.route(notification)
    for (const key of [method, '*'])
      for (const fn of this.#listeners.get(key) ?? []) {
        try {
          fn(notification)
        } catch (e) {
          this.report(asError(e))
        }
      }
  }

  protected report(error: Error): void {
    this.onerror?.(error)
  }

  #handleClose(): void {
    if (this.#closed) return
    this.#closed = true
    const error = new ConnectionClosedError()
    this.tracker.rejectAll(error)
    for (const c of this.#inbound.values()) c.abort(error)
    this.#inbound.clear()
    this.#markClosed()
    this.onclose?.()
  }

  /** Closes the transport; outstanding requests fail with ConnectionClosedError. */
  async close(): Promise<void> {
    const transport = this.transport
    if (transport && !this.#closed) await transport.close().catch((e: unknown) => this.report(asError(e)))
    this.#handleClose()
  }

  /** True once the connection has closed. */
  get isClosed(): boolean {
    return this.#closed
  }
}
