import {
  ConnectionClosedError,
  type JsonRpcMessage,
  McpHttpError,
  McpLocalError,
  type RequestId,
  type Transport,
} from '@edgemcp/core'
import {
  StreamableHttpClientTransport,
  type StreamableHttpClientTransportOptions,
} from '@edgemcp/streamable-http'
import { SseClientTransport, type SseClientTransportOptions } from './sse-client-transport.js'

/** Statuses of a refused `initialize` POST that mean "try the legacy SSE transport" (2025-11-25 transports). */
export const FALLBACK_STATUSES: ReadonlySet<number> = new Set([400, 404, 405])

export interface FallbackTransportOptions extends SseClientTransportOptions {
  /**
   * Makes the Streamable HTTP client transport tried first. Default: @edgemcp/streamable-http's
   * `StreamableHttpClientTransport` with the same `fetch` and `headers`.
   */
  streamable?: (url: URL) => Transport
}

/** The default Streamable HTTP transport, sharing the fallback's fetch, headers, auth provider and limits. */
function defaultStreamable(url: URL, options: SseClientTransportOptions): Transport {
  const o: StreamableHttpClientTransportOptions = { authProvider: options.authProvider }
  if (options.fetch) o.fetch = options.fetch
  // The response limits bound both transports: without them here, a Streamable HTTP answer could be read up
  // to the 4 MiB default whatever the caller asked for (found by the bridge's fuzzing).
  if (options.maxMessageBytes !== undefined) o.maxMessageBytes = options.maxMessageBytes
  if (options.maxHeaderBytes !== undefined) o.maxHeaderBytes = options.maxHeaderBytes
  const headers = options.headers
  if (typeof headers === 'function')
    o.authHeaders = async () => Object.fromEntries(new Headers(await headers()).entries())
  else if (headers !== undefined) o.headers = Object.fromEntries(new Headers(headers).entries())
  return new StreamableHttpClientTransport(url, o)
}

/**
 * The HTTP status of a refused request: an McpHttpError's, or the numeric `code` in the HTTP range that a
 * `streamable` transport of another library puts on its HTTP errors (the official SDK's StreamableHTTPError).
 * JSON-RPC codes are negative, so they never pass for one.
 */
function refusedStatus(error: unknown): number | undefined {
  if (error instanceof McpHttpError) return error.status
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'number' && Number.isInteger(code) && code >= 400 && code <= 599 ? code : undefined
}

type SendOptions = { signal?: AbortSignal }

/** What the fallback forwards to the transport in use when it has it (see core's ClientTransport). */
type ClientSide = Transport & {
  send(message: JsonRpcMessage | JsonRpcMessage[], options?: SendOptions): Promise<void>
  cancel?(id: RequestId, reason: string): void | Promise<void>
  abandon?(id: RequestId): void
  onrequestfailed?: ((id: RequestId, error: Error) => void) | undefined
  openStandaloneStream?(): Promise<boolean>
}

export type TransportKind = 'streamable-http' | 'sse'

const isInitialize = (m: JsonRpcMessage | JsonRpcMessage[]): boolean =>
  !Array.isArray(m) && 'method' in m && m.method === 'initialize' && 'id' in m

/**
 * A client transport for a server URL that may speak either transport (2025-03-26 / 2025-11-25
 * basic/transports "Backwards Compatibility"): messages go over Streamable HTTP; if the server refuses the
 * `initialize` POST with 400, 404 or 405 before anything succeeded, it GETs the URL as a legacy SSE stream,
 * waits for the `endpoint` event and goes on over SSE, `initialize` first. Once a message has gone through
 * the choice is final. A `server/discover` probe that fails is only reported, so an McpClient in `auto` mode
 * falls back to `initialize`, which then triggers the switch.
 */
export class FallbackClientTransport implements Transport {
  onmessage?: ((message: unknown) => void) | undefined
  onclose?: (() => void) | undefined
  onerror?: ((error: Error) => void) | undefined
  onrequestfailed?: ((id: RequestId, error: Error) => void) | undefined

  private readonly url: URL
  private current: Transport | undefined
  /** Set once a message has gone through (or the switch to SSE is made); final from then on. */
  private chosen: TransportKind | undefined
  private protocolVersion: string | undefined
  private closed = false
  /** Sends wait their turn until the transport is chosen (one at a time, in order). */
  private queue: Promise<void> = Promise.resolve()

  constructor(
    url: string | URL,
    private readonly options: FallbackTransportOptions = {},
  ) {
    this.url = new URL(url)
  }

  /** Which transport is in use: set once a message has gone through. */
  get kind(): TransportKind | undefined {
    return this.chosen
  }

  get sessionId(): string | undefined {
    return this.current?.sessionId
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version
    this.current?.setProtocolVersion?.(version)
  }

  async start(): Promise<void> {
    if (this.current) throw new McpLocalError('misuse', 'FallbackClientTransport already started')
    const make = this.options.streamable ?? ((url: URL) => defaultStreamable(url, this.options))
    this.current = this.wire(make(this.url))
    await this.current.start()
  }

  send(message: JsonRpcMessage | JsonRpcMessage[], options?: SendOptions): Promise<void> {
    if (this.chosen) return (this.active() as ClientSide).send(message, options)
    const run = this.queue.then(() => this.sendUndecided(message, options))
    this.queue = run.catch(() => {})
    return run
  }

  /**
   * Cancels a request the client gave up on: the chosen transport's own way (a modern Streamable HTTP request
   * closes its stream), else `notifications/cancelled`.
   */
  async cancel(id: RequestId, reason: string): Promise<void> {
    const current = this.active() as ClientSide
    if (current.cancel) await current.cancel(id, reason)
    else
      await this.send({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: id, reason },
      })
  }

  /** Stops waiting for a response, as the transport in use does (see core's ClientTransport.abandon). */
  abandon(id: RequestId): void {
    const current: ClientSide | undefined = this.current
    current?.abandon?.(id)
  }

  /**
   * Streamable HTTP in a legacy session: opens the standalone GET stream (see StreamableHttpClientTransport).
   * False when the transport in use has none (HTTP+SSE has one stream for everything) or the server offers none.
   */
  async openStandaloneStream(): Promise<boolean> {
    const current = this.active() as ClientSide
    return current.openStandaloneStream ? current.openStandaloneStream() : false
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    const current = this.current
    this.current = undefined
    if (current) {
      current.onclose = undefined
      await current.close().catch(() => {})
    }
    this.onclose?.()
  }

  private active(): Transport {
    if (this.closed || !this.current) throw new ConnectionClosedError('Transport is closed')
    return this.current
  }

  private async sendUndecided(
    message: JsonRpcMessage | JsonRpcMessage[],
    options?: SendOptions,
  ): Promise<void> {
    if (this.chosen) return (this.active() as ClientSide).send(message, options)
    try {
      await (this.active() as ClientSide).send(message, options)
    } catch (error) {
      const status = refusedStatus(error)
      if (!isInitialize(message) || status === undefined || !FALLBACK_STATUSES.has(status)) throw error
      await this.switchToSse()
      await (this.active() as ClientSide).send(message, options)
      return
    }
    this.chosen ??= 'streamable-http'
  }

  private async switchToSse(): Promise<void> {
    const old = this.current
    if (old) {
      old.onclose = undefined
      old.onmessage = undefined
      await old.close().catch(() => {})
    }
    const sse = new SseClientTransport(this.url, this.options)
    if (this.protocolVersion) sse.setProtocolVersion(this.protocolVersion)
    this.current = this.wire(sse)
    this.chosen = 'sse'
    await sse.start()
  }

  private wire(transport: ClientSide): Transport {
    transport.onmessage = (m) => this.onmessage?.(m)
    transport.onrequestfailed = (id, e) => this.onrequestfailed?.(id, e)
    transport.onerror = (e) => this.onerror?.(e)
    transport.onclose = () => {
      if (this.current === transport) void this.close()
    }
    return transport
  }
}

/**
 * Connects `client` (an McpClient, or anything with `connect(transport)`) to a server URL that may speak
 * Streamable HTTP or only the legacy HTTP+SSE transport; returns the transport, whose `kind` tells which.
 */
export async function connectWithFallback(
  client: { connect(transport: Transport): Promise<unknown> },
  url: string | URL,
  options: FallbackTransportOptions = {},
): Promise<FallbackClientTransport> {
  const transport = new FallbackClientTransport(url, options)
  await client.connect(transport)
  return transport
}
