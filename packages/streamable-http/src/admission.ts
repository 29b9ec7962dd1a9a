import { type McpServer, ProtocolError, type RequestId, type ServerSession } from '@edgemcp/core'
import { errorResponse, transportError } from './http-error.js'
import type { McpRequestContext } from './request-context.js'

/** Seconds a client refused for being over a limit is told to wait (`Retry-After`). */
export const RETRY_AFTER_SEC = 30

/** The `Retry-After` header of a refusal for load (429, 503). */
export const RETRY_AFTER: Readonly<Record<string, string>> = { 'Retry-After': String(RETRY_AFTER_SEC) }

/**
 * A refusal for load: 429 (this client is over its share) or 503 (the server is full), with a JSON-RPC error
 * (-32000, server error) saying which limit and when to come back.
 */
export const overLimit = (status: 429 | 503, what: string): ProtocolError =>
  transportError(status, `${what}; retry after ${RETRY_AFTER_SEC} s`, -32000)

/**
 * The answer when a session store refused a new session: a refusal that names its HTTP status (e.g. 503, the
 * store is full) is answered as such, with `Retry-After` for load (429, 503); anything else is rethrown (a
 * failure). `id`: the JSON-RPC id of the request that opened the session, if any.
 */
export function storeRefusal(error: unknown, id: RequestId | null = null): Response {
  if (!(error instanceof ProtocolError) || error.httpStatus === undefined) throw error
  const forLoad = error.httpStatus === 429 || error.httpStatus === 503
  return errorResponse(error, id, forLoad ? RETRY_AFTER : {})
}

/**
 * Who is asking, for fair shares: the principal an auth layer established, else the client's address (an IPv6
 * address by its /64, which one host usually holds whole), else nobody known (`undefined`: no per-client
 * limit applies, only the global ones).
 */
export function clientKeyOf(principal: string | undefined, address: string | undefined): string | undefined {
  if (principal !== undefined) return `principal:${principal}`
  if (address === undefined || address === '') return undefined
  return `address:${addressPrefix(address)}`
}

/** An IPv4 address as it is (also when IPv4-mapped); an IPv6 one by its first four groups (its /64). */
export function addressPrefix(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]!
  if (!address.includes(':')) return address
  const [head = '', tail = ''] = address.toLowerCase().split('::', 2)
  const left = head === '' ? [] : head.split(':')
  const right = tail === '' ? [] : tail.split(':')
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/**
 * The remote address of a request served by @hono/node-server (`c.env.incoming.socket.remoteAddress`);
 * undefined elsewhere (a Worker passes `cf-connecting-ip` through the `clientAddress` option instead).
 */
export function nodeRemoteAddress(c: McpRequestContext): string | undefined {
  const env: unknown = c.env
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return undefined
  const incoming = env.incoming as { socket?: { remoteAddress?: unknown } } | undefined
  const address = incoming?.socket?.remoteAddress
  return typeof address === 'string' ? address : undefined
}

/**
 * `options` with the `clientAddress` default of the handlers that may run on @hono/node-server: the socket's
 * remote address (`nodeRemoteAddress`). The building blocks (`createMcpEndpoint`, @edgemcp/sse's auto endpoint)
 * have no default, so a Worker built on them (it names its clients by `cf-connecting-ip`) carries none of it.
 */
export function withNodeClientAddress<
  O extends { clientAddress?: ((c: never) => string | undefined) | undefined },
>(options: O): O {
  return options.clientAddress === undefined ? { ...options, clientAddress: nodeRemoteAddress } : options
}

/**
 * Bytes held for one client across its SSE connections (messages written but not yet taken by the client).
 * A connection charges what it queues and credits what its client took; `charge` is false when the client's
 * budget is spent (the connection is then dropped as too slow).
 */
export interface ByteBudget {
  /** Adds `delta` bytes (negative: taken by the client); false when the client now holds more than allowed. */
  charge(delta: number): boolean
}

/** The client (`ClientLimits.clientOf`) each admitted session was opened for. */
const sessionClients = new WeakMap<ServerSession, string>()

/**
 * The client key (`ClientLimits.clientOf`: principal or address) `session` was admitted for, if known: a shared
 * session store (e.g. @edgemcp/redis) counts a client's sessions across instances with it.
 */
export const sessionClientOf = (session: ServerSession): string | undefined => sessionClients.get(session)

/** The limits of one client (see `ClientLimits`). */
interface ClientUsage {
  sessions: number
  streams: number
  /** Unread SSE bytes across its connections. */
  bytes: number
}

/** The limits of `ClientLimits`: a handler's resolved options (`resolveOptions`) carry them all. */
export interface ClientLimitOptions {
  /**
   * The client's address, which names the client when there is no principal (see
   * `McpHandlerOptions.clientAddress`; the handlers give it a default, see `withNodeClientAddress`). None: only
   * clients with a principal have a share.
   */
  clientAddress?: ((c: McpRequestContext) => string | undefined) | undefined
  /** Legacy sessions one client may hold at once (`initialize` beyond: 429). */
  maxSessionsPerClient: number
  /** Long-lived SSE streams (standalone GET, `subscriptions/listen`) one client may hold open (beyond: 429). */
  maxStreamsPerClient: number
  /** Unread SSE bytes one client may leave queued across its connections. */
  maxBufferedBytesPerClient: number
}

/**
 * Fair shares per client (principal, or address): sessions and long-lived streams are counted per client and a
 * client over its share is refused (429 with `Retry-After`) instead of anyone else being evicted; the bytes
 * its streams hold are budgeted together. Counts are of this handler instance (one process, one isolate).
 */
export class ClientLimits {
  readonly #usage = new Map<string, ClientUsage>()
  readonly #options: ClientLimitOptions
  #address: string | undefined
  #key: string | undefined

  constructor(options: ClientLimitOptions) {
    this.#options = options
  }

  /** Who sent request `c`, for these limits: its principal, else its address (see `clientKeyOf`). */
  clientOf(c: McpRequestContext, principal: string | undefined): string | undefined {
    if (principal !== undefined) return clientKeyOf(principal, undefined)
    const address = this.#options.clientAddress?.(c)
    // The key of the last address asked for: a client sends its requests from one address. (Issue 30, session
    // tools/call over 50 connections: 147,273 -> 146,344 instructions per request, callgrind, tools/bench
    // instructions.mjs --connections 50.)
    if (address !== this.#address) {
      this.#address = address
      this.#key = clientKeyOf(undefined, address)
    }
    return this.#key
  }

  /** The refusal for a client about to open one more legacy session, if it is over its share. */
  refuseSession(key: string | undefined): ProtocolError | undefined {
    if (key === undefined) return undefined
    const n = this.#usage.get(key)?.sessions ?? 0
    return n >= this.#options.maxSessionsPerClient
      ? overLimit(429, `Too many sessions: this client already holds ${n}; delete one (HTTP DELETE) first`)
      : undefined
  }

  /**
   * A new session of `server` (with the id given, else a random one) for `client` (see `clientOf`), bound to
   * `principal` if there is one (it then serves only that principal), and counted against the client's share
   * until it closes. Check `refuseSession` first.
   */
  admitSession(
    server: McpServer,
    admitted: { id: string | undefined; principal: string | undefined; client: string | undefined },
  ): ServerSession {
    const session = server.createSession(admitted.id)
    if (admitted.principal !== undefined) session.principal = admitted.principal
    const key = admitted.client
    if (key !== undefined) {
      sessionClients.set(session, key)
      this.#of(key).sessions++
      session.onClose(() => this.#release(key, 'sessions'))
    }
    return session
  }

  /**
   * Opens one long-lived stream for `key`: the refusal when it is over its share, else a function that closes
   * it (call it once, when the stream ends).
   */
  openStream(key: string | undefined): ProtocolError | (() => void) {
    if (key === undefined) return noop
    const usage = this.#of(key)
    if (usage.streams >= this.#options.maxStreamsPerClient) {
      this.#drop(key, usage)
      return overLimit(429, `Too many open streams: this client already holds ${usage.streams}`)
    }
    usage.streams++
    let open = true
    return () => {
      if (!open) return
      open = false
      this.#release(key, 'streams')
    }
  }

  /** The byte budget shared by the SSE connections of `key` (none for an unknown client). */
  budgetOf(key: string | undefined): ByteBudget | undefined {
    if (key === undefined) return undefined
    return {
      charge: (delta) => {
        const usage = this.#of(key)
        usage.bytes = Math.max(0, usage.bytes + delta)
        const within = usage.bytes <= this.#options.maxBufferedBytesPerClient
        if (usage.bytes === 0) this.#drop(key, usage)
        return within
      },
    }
  }

  /** Unread SSE bytes counted for `key` (for tests and diagnostics). */
  bufferedOf(key: string): number {
    return this.#usage.get(key)?.bytes ?? 0
  }

  #of(key: string): ClientUsage {
    let usage = this.#usage.get(key)
    if (!usage) {
      usage = { sessions: 0, streams: 0, bytes: 0 }
      this.#usage.set(key, usage)
    }
    return usage
  }

  #release(key: string, what: 'sessions' | 'streams'): void {
    const usage = this.#usage.get(key)
    if (!usage) return
    usage[what] = Math.max(0, usage[what] - 1)
    this.#drop(key, usage)
  }

  /** Forgets a client that holds nothing any more. */
  #drop(key: string, usage: ClientUsage): void {
    if (usage.sessions === 0 && usage.streams === 0 && usage.bytes === 0) this.#usage.delete(key)
  }
}

const noop = () => {}
