import { CANCELLED } from '../protocol/methods.js'
import { ConnectionClosedError, McpLocalError, RequestTimeoutError } from '../errors/local-error.js'
import { fromErrorObject } from '../errors/protocol-error.js'
import {
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcResponse,
  notification,
  type RequestId,
} from '../jsonrpc/types.js'
import { MAX_PENDING_SERVER_REQUESTS } from '../protocol/limits.js'
import type { LegacyVersion } from '../protocol/versions.js'
import { randomHex } from '../protocol/random-hex.js'
import type { RequestAbort } from './request-abort.js'
import { RequestsById } from './requests-by-id.js'
import type { Implementation, JsonObject, LoggingLevel } from './types.js'

/** Where a session's messages go: a stream, a socket, a pipe. Returning a promise applies back-pressure. */
export type Outbound = (message: JsonRpcMessage) => void | Promise<void>

/** Everything the next request of a legacy session needs, as plain JSON (so a Durable Object can keep it). */
export interface SessionSnapshot {
  id: string
  protocolVersion?: LegacyVersion
  clientCapabilities: JsonObject
  clientInfo?: Implementation
  logLevel?: LoggingLevel
  subscriptions: string[]
  initialized: boolean
  /** The principal the session is bound to, if an auth layer bound one. */
  principal?: string
}

/** Ends a pending server→client request: with the client's result, or with an error. */
type Settle = (outcome: JsonObject | Error) => void

export interface SessionRequestOptions {
  /** The stream of the client request this server→client request belongs to; defaults to the standalone one. */
  via?: Outbound | undefined
  timeoutMs?: number | undefined
  signal?: AbortSignal | undefined
}

/** What a snapshot holds besides the id and the subscriptions (the optional fields only when set). */
const STATE = [
  'clientCapabilities',
  'initialized',
  'protocolVersion',
  'clientInfo',
  'logLevel',
  'principal',
] as const

/** Hands a message to a channel; a channel that throws synchronously gives a rejected promise too. */
const send = async (channel: Outbound, message: JsonRpcMessage) => channel(message)

/** Unguessable ids: 128 bits from crypto.getRandomValues, hex. */
export const createSessionId = (): string => randomHex(16)

/**
 * A legacy-era (2024-11-05 … 2025-11-25) session: negotiated version, client capabilities, log level and
 * resource subscriptions; the requests in flight (for cancellation) and the server→client requests awaiting
 * an answer.
 */
export class ServerSession {
  readonly id: string
  protocolVersion: LegacyVersion | undefined
  clientCapabilities: JsonObject = {}
  clientInfo: Implementation | undefined
  logLevel: LoggingLevel | undefined
  readonly subscriptions = new Set<string>()
  initialized = false
  closed = false
  lastActivity = Date.now()
  /** Principal bound at creation by an auth layer; other principals must not use this session. */
  principal: string | undefined

  /** The session's requests being handled, by id (for `notifications/cancelled`). */
  readonly inflight = new RequestsById<RequestAbort>()
  readonly #pending = new Map<RequestId, Settle>()
  #standalone: Outbound | undefined
  #nextRequestId = 0
  /**
   * Random per instance, so ids of server→client requests are never reused when a session is restored from
   * a snapshot (on another isolate, or after a Durable Object restart).
   */
  readonly #requestIdPrefix = `${createSessionId().slice(0, 8)}-`
  readonly #closeListeners = new Set<() => void>()
  /** Default timeout of server→client requests. */
  requestTimeoutMs: number

  constructor(id: string = createSessionId(), options: { requestTimeoutMs?: number } = {}) {
    this.id = id
    this.requestTimeoutMs = options.requestTimeoutMs ?? 60_000
  }

  static restore(snapshot: SessionSnapshot, options: { requestTimeoutMs?: number } = {}): ServerSession {
    const s = new ServerSession(snapshot.id, options)
    for (const uri of snapshot.subscriptions) s.subscriptions.add(uri)
    for (const k of STATE) (s as unknown as JsonObject)[k] = snapshot[k]
    return s
  }

  snapshot(): SessionSnapshot {
    const out: SessionSnapshot = {
      id: this.id,
      clientCapabilities: this.clientCapabilities,
      subscriptions: [...this.subscriptions],
      initialized: this.initialized,
    }
    for (const k of STATE) if (this[k] !== undefined) (out as unknown as JsonObject)[k] = this[k]
    return out
  }

  /** Attaches the standalone channel (GET stream, stdio, socket) for messages not tied to a request. */
  attach(outbound: Outbound | undefined): void {
    this.#standalone = outbound
  }

  get hasStandaloneChannel(): boolean {
    return this.#standalone !== undefined
  }

  /** Sends a notification on the standalone channel; false when none is open (the message is dropped). */
  async notify(notification: JsonRpcNotification): Promise<boolean> {
    if (this.closed || !this.#standalone) return false
    await this.#standalone(notification)
    return true
  }

  /** Sends a server→client request and waits for the client's answer (with a timeout). */
  request(method: string, params: JsonObject, options: SessionRequestOptions = {}): Promise<JsonObject> {
    if (this.closed) return Promise.reject(new ConnectionClosedError('Session is closed'))
    if (this.#pending.size >= MAX_PENDING_SERVER_REQUESTS)
      return Promise.reject(
        new McpLocalError(
          'transport',
          `Cannot send ${method}: ${MAX_PENDING_SERVER_REQUESTS} requests to the client of this session are still unanswered`,
        ),
      )
    const channel = options.via ?? this.#standalone
    if (!channel)
      return Promise.reject(
        new McpLocalError(
          'transport',
          `No open stream to send ${method} to the client of session ${this.id}`,
        ),
      )
    const id = `${this.#requestIdPrefix}${++this.#nextRequestId}`
    const timeoutMs = options.timeoutMs ?? this.requestTimeoutMs
    return new Promise<JsonObject>((resolve, reject) => {
      /** Ends the request with the client's result or with an error; undoes the timer and the listener. */
      const settle: Settle = (outcome) => {
        clearTimeout(timer)
        options.signal?.removeEventListener('abort', onAbort)
        this.#pending.delete(id)
        if (outcome instanceof Error) reject(outcome)
        else resolve(outcome)
      }
      const onAbort = () => {
        settle(new McpLocalError('aborted', `${method} was cancelled`))
        // Tell the client, so a dialog it shows for this request can close (basic/utilities/cancellation).
        send(
          channel,
          notification(CANCELLED, {
            requestId: id,
            reason: 'The request that needed this input was cancelled',
          }),
        ).catch(() => {})
      }
      const timer = setTimeout(() => settle(new RequestTimeoutError(method, id, timeoutMs)), timeoutMs)
      options.signal?.addEventListener('abort', onAbort, { once: true })
      this.#pending.set(id, settle)
      // A channel that throws synchronously must not leave the request pending until its timeout either.
      send(channel, { jsonrpc: '2.0', id, method, params }).catch((e: unknown) =>
        settle(e instanceof Error ? e : new McpLocalError('transport', String(e))),
      )
    })
  }

  /** Delivers a client's response to a server→client request; false when no request is waiting for it. */
  resolve(response: JsonRpcResponse): boolean {
    const settle = this.#pending.get(response.id as RequestId)
    settle?.('result' in response ? response.result : fromErrorObject(response.error))
    return settle !== undefined
  }

  get pendingCount(): number {
    return this.#pending.size
  }

  onClose(listener: () => void): () => void {
    this.#closeListeners.add(listener)
    return () => this.#closeListeners.delete(listener)
  }

  /** Ends the session: aborts its handlers and rejects every request waiting on the client. */
  close(reason = 'Session closed'): void {
    if (this.closed) return
    this.closed = true
    const running = this.inflight.values()
    this.inflight.clear()
    for (const c of running) c.abort(new ConnectionClosedError(reason))
    for (const settle of [...this.#pending.values()]) settle(new ConnectionClosedError(reason))
    this.#standalone = undefined
    for (const l of this.#closeListeners) l()
    this.#closeListeners.clear()
  }
}
