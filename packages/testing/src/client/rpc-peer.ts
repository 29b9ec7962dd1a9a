import { ConnectionClosedError, type JsonRpcMessage, McpHttpError, type Transport } from '@edgemcp/core'
import { isObject } from '@edgemcp/core/internal'
import { ConnectionLostError, ProtocolError, TimeoutError } from '../errors.js'
import type { MCPError, MCPNotification, MCPResponse } from '../types.js'

type Json = Record<string, unknown>
type RequestId = string | number

export interface RpcPeerOptions {
  requestTimeout: number
  /** Debug log of frames; undefined when debug logging is off. */
  log?: ((direction: '→' | '←' | '!', text: string) => void) | undefined
  /** Answers a server→client request; throw a core ProtocolError to answer with an error. */
  onRequest: (method: string, params: Json) => Promise<unknown>
  onNotification: (notification: MCPNotification) => void
  /** Errors the transport reports that must not fail pending requests (e.g. stdout chatter in debug mode). */
  tolerate?: (error: Error) => boolean
}

interface Pending {
  method: string
  timeoutMs: number
  resolve: (response: MCPResponse) => void
  reject: (error: Error) => void
  timer: ReturnType<typeof setTimeout>
}

export interface RequestOutcome {
  id: RequestId
  response: MCPResponse
}

/**
 * A JSON-RPC peer over a core `Transport`: numbered requests with timeouts, responses matched by id,
 * server→client requests answered, notifications collected. Pending requests fail at once when the transport
 * reports a fatal error or closes.
 */
export class RpcPeer {
  private readonly pending = new Map<RequestId, Pending>()
  private nextId = 1
  private lastError: Error | undefined
  /** Transport errors seen so far (process exit, non-JSON output, ...). */
  readonly problems: Error[] = []
  closed = false

  constructor(
    readonly transport: Transport,
    private readonly options: RpcPeerOptions,
  ) {
    transport.onmessage = (m) => this.receive(m)
    transport.onerror = (e) => this.onTransportError(e)
    transport.onclose = () => this.onTransportClose()
  }

  start(): Promise<void> {
    return this.transport.start()
  }

  /** Sends a request and resolves with the raw response, error responses included. */
  async request(method: string, params: Json | undefined, timeoutMs?: number): Promise<RequestOutcome> {
    const id = this.nextId++
    const message: JsonRpcMessage = params
      ? { jsonrpc: '2.0', id, method, params }
      : { jsonrpc: '2.0', id, method }
    const limit = timeoutMs ?? this.options.requestTimeout
    const response = new Promise<MCPResponse>((resolve, reject) => {
      const timer = setTimeout(() => this.timeout(id), limit)
      this.pending.set(id, { method, timeoutMs: limit, resolve, reject, timer })
    })
    if (this.closed) this.fail(id, this.lastError ?? new ConnectionClosedError('the client is closed'))
    else
      await this.write(message).catch((e: unknown) =>
        // A refused HTTP request (401, 404, …) is reported as it is; anything else ended the connection.
        this.fail(id, e instanceof Error ? e : new Error(String(e)), e instanceof McpHttpError),
      )
    return { id, response: await response }
  }

  /** Like `request` but rejects with a ProtocolError when the server answers with an error. */
  async call(method: string, params?: Json, timeoutMs?: number): Promise<{ id: RequestId; result: Json }> {
    const { id, response } = await this.request(method, params, timeoutMs)
    if (response.error) throw new ProtocolError(method, id, response.error, response)
    return { id, result: (response.result ?? {}) as Json }
  }

  notify(method: string, params?: Json): Promise<void> {
    return this.write(params ? { jsonrpc: '2.0', method, params } : { jsonrpc: '2.0', method })
  }

  private write(message: JsonRpcMessage): Promise<void> {
    this.options.log?.('→', JSON.stringify(message))
    return this.transport.send(message)
  }

  private timeout(id: RequestId): void {
    const p = this.pending.get(id)
    if (!p) return
    this.pending.delete(id)
    const error = new TimeoutError(p.method, id, p.timeoutMs)
    // Tell the server to stop (basic/utilities/cancellation); it may be gone, so ignore failures.
    if (!this.closed)
      this.notify('notifications/cancelled', { requestId: id, reason: error.message }).catch(() => {})
    p.reject(error)
  }

  private fail(id: RequestId, reason: Error, asIs = false): void {
    const p = this.pending.get(id)
    if (!p) return
    this.pending.delete(id)
    clearTimeout(p.timer)
    p.reject(asIs ? reason : new ConnectionLostError(p.method, id, reason))
  }

  private failAll(reason: Error): void {
    for (const id of [...this.pending.keys()]) this.fail(id, reason)
  }

  private receive(value: unknown): void {
    for (const message of Array.isArray(value) ? value : [value]) {
      this.options.log?.('←', JSON.stringify(message))
      if (!isObject(message)) continue
      if (typeof message.method === 'string') {
        if ('id' in message) void this.answer(message.id as RequestId, message.method, message.params)
        else this.options.onNotification(message as unknown as MCPNotification)
        continue
      }
      const id = message.id as RequestId
      const p = this.pending.get(id)
      if (!p) {
        this.options.log?.('!', `response for unknown request id ${JSON.stringify(id)}`)
        continue
      }
      this.pending.delete(id)
      clearTimeout(p.timer)
      p.resolve(message as unknown as MCPResponse)
    }
  }

  private async answer(id: RequestId, method: string, params: unknown): Promise<void> {
    let reply: JsonRpcMessage
    try {
      const result = await this.options.onRequest(method, isObject(params) ? params : {})
      reply = { jsonrpc: '2.0', id, result: (result ?? {}) as Json }
    } catch (e) {
      const error: MCPError =
        e instanceof ProtocolError || (isObject(e) && typeof e.code === 'number')
          ? { code: (e as MCPError).code, message: (e as Error).message }
          : { code: -32603, message: e instanceof Error ? e.message : String(e) }
      reply = { jsonrpc: '2.0', id, error }
    }
    await this.write(reply).catch(() => {})
  }

  private onTransportError(error: Error): void {
    if (this.options.tolerate?.(error)) return
    this.problems.push(error)
    this.lastError = error
    this.failAll(error)
  }

  private onTransportClose(): void {
    this.closed = true
    this.failAll(this.lastError ?? new ConnectionClosedError('the connection closed'))
  }

  async close(): Promise<void> {
    this.failAll(new ConnectionClosedError('the client was closed'))
    await this.transport.close()
    this.closed = true
  }
}
