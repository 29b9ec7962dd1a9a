import {
  type ClientRequestOptions,
  type ClientTransport,
  type Era,
  McpClient,
  type ProtocolChoice,
  type Result,
} from '@edgemcp/core'

type Json = Record<string, unknown>
type RequestId = string | number

/** Wire options of a request the test client sends itself (raw requests may go out before the handshake). */
export interface SendOptions extends ClientRequestOptions {
  /** The era and revision to speak; after the handshake, the settled ones. */
  era?: Era
  version?: string
  /** Told the id of every request sent on behalf of this call (an MRTR call sends one per round). */
  sent?: (id: RequestId) => void
}

/**
 * Core's `McpClient`, opened up for a test client: the transport is attached before the handshake (a test may
 * send raw requests first), the handshake runs when the test asks for it, and each request's id is reported
 * so errors and matchers can name it. Request tracking, the handshakes of both eras, `_meta`, the MRTR loop and
 * server→client requests are core's.
 */
export class TestEngine extends McpClient {
  /** The last raw result of `initialize` / `server/discover` (the handshake result, before core digests it). */
  handshakeResult: Json | undefined
  handshakeId: RequestId | undefined

  open(transport: ClientTransport): Promise<void> {
    return this.attach(transport)
  }

  handshake(protocol: ProtocolChoice): Promise<void> {
    return this.settleEra(protocol)
  }

  /** One request, without `resultType` checks or the MRTR loop; an error response rejects (core ProtocolError). */
  send(method: string, params: Json, options: SendOptions & { id: RequestId }): Promise<Json> {
    return this.wire(method, params, options)
  }

  /** A request id never used on this connection. */
  nextId(): number {
    return this.tracker.nextId()
  }

  /** Fails every request in flight (the transport reported something that ends them). */
  failPending(error: Error): void {
    this.tracker.rejectAll(error)
  }

  /** The `_meta` a 2026-07-28 request carries (protocol version, client info and capabilities, log level). */
  metaFor(version: string): Json {
    return this.modernMeta(version)
  }

  /** Every request goes through here: its id is reported, and the raw handshake result kept. */
  protected override async wire(method: string, params: Json, options: SendOptions = {}): Promise<Json> {
    const id = (options as { id?: RequestId }).id ?? this.tracker.nextId()
    options.sent?.(id)
    const result = await super.wire(method, params, { ...options, id })
    if (method === 'initialize' || method === 'server/discover') {
      this.handshakeResult = result
      this.handshakeId = id
    }
    return result
  }

  override request<T extends Result = Result>(
    method: string,
    params: Json = {},
    options: SendOptions = {},
  ): Promise<T> {
    return super.request<T>(method, params, options)
  }
}
