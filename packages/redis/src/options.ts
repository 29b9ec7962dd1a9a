import type { RedisClientOptions } from '@redis/client'

export interface RedisFleetOptions {
  /** `redis[s]://[[user][:password]@]host[:port][/db]`. Default: `redis://localhost:6379`. */
  url?: string | undefined
  /** More node-redis client options (TLS, credentials, …); `url` wins over `clientOptions.url`. */
  clientOptions?: RedisClientOptions | undefined
  /** Prefix of every key and channel, so fleets can share a Redis. Default `mcp:`. */
  prefix?: string | undefined
  /** A legacy session idle this long expires everywhere (its keys expire with it). Default 30 minutes. */
  sessionTtlMs?: number | undefined
  /** Events kept per resumable stream; older ones are trimmed (resuming from before them fails). Default 1000. */
  maxEventsPerStream?: number | undefined
  /**
   * Bytes of messages kept per resumable stream; the oldest events are trimmed beyond it (resuming from before
   * them fails). A message larger than this alone is delivered live but not kept. Default 1 MiB.
   */
  maxStreamBytes?: number | undefined
  /**
   * Resumable streams kept per session (the standalone GET stream aside); beyond it the oldest is forgotten
   * (resuming it fails; a stream still being written goes on, unkept). Default 8.
   */
  maxStreamsPerSession?: number | undefined
  /**
   * Legacy sessions one client (its principal, else its address: the transport's `clientAddress`) may hold in
   * the whole fleet, counted in Redis; beyond it `initialize` gets 429 with `Retry-After`. Default 1000.
   */
  maxSessionsPerClient?: number | undefined
  /**
   * Addresses of the reverse proxies in front of the fleet. A request whose socket address is one of them is
   * the client's named by the last `X-Forwarded-For` address not in this list (see `fleet.clientAddress`).
   * Default none: `X-Forwarded-For` is ignored (anyone could write it).
   */
  trustedProxies?: readonly string[] | undefined
  /** A stream nobody appends to or resumes for this long expires. Default: `sessionTtlMs`. */
  streamTtlMs?: number | undefined
  /** How long the answer to a server→client request can be routed to the instance awaiting it. Default 10 min. */
  serverRequestTtlMs?: number | undefined
  /** A Redis command slower than this fails (the request gets 503). Default 2000 ms. */
  commandTimeoutMs?: number | undefined
  /** `Retry-After` of the 503 answering a request while Redis cannot be reached, in seconds. Default 1. */
  retryAfterSeconds?: number | undefined
  /**
   * While Redis is unreachable, an event of a stream in flight waits this long for it to come back before the
   * stream is given up (the client then gets an error for its request). Default 10 000 ms.
   */
  appendRetryMs?: number | undefined
  /**
   * How often this instance says it is alive. An instance silent for three periods is taken for dead: its
   * streams are ended, with an error for each request they were answering. Default 1000 ms.
   */
  heartbeatMs?: number | undefined
  /** Copies of sessions kept in this instance's memory (a cache; Redis has the truth). Default 10 000. */
  maxLocalSessions?: number | undefined
  /** This instance's id (unique in the fleet). Default: random. */
  instanceId?: string | undefined
  /** Waits this long for Redis at start. Default 10 000 ms. */
  connectTimeoutMs?: number | undefined
  /** Connection errors (Redis restarting, network): for logs. Default: none (the fleet reconnects by itself). */
  onError?: ((error: Error) => void) | undefined
}

export interface ResolvedFleetOptions {
  prefix: string
  sessionTtlMs: number
  maxEventsPerStream: number
  maxStreamBytes: number
  maxStreamsPerSession: number
  maxSessionsPerClient: number
  trustedProxies: readonly string[]
  streamTtlMs: number
  serverRequestTtlMs: number
  commandTimeoutMs: number
  retryAfterSeconds: number
  appendRetryMs: number
  heartbeatMs: number
  maxLocalSessions: number
}

const positive = (value: number | undefined, fallback: number, name: string): number => {
  const v = value ?? fallback
  if (!Number.isFinite(v) || v <= 0) throw new RangeError(`@edgemcp/redis: ${name} must be a positive number`)
  return v
}

export function resolveFleetOptions(o: RedisFleetOptions): ResolvedFleetOptions {
  const sessionTtlMs = positive(o.sessionTtlMs, 30 * 60_000, 'sessionTtlMs')
  return {
    prefix: o.prefix ?? 'mcp:',
    sessionTtlMs,
    maxEventsPerStream: Math.floor(positive(o.maxEventsPerStream, 1000, 'maxEventsPerStream')),
    maxStreamBytes: Math.floor(positive(o.maxStreamBytes, 1024 * 1024, 'maxStreamBytes')),
    maxStreamsPerSession: Math.floor(positive(o.maxStreamsPerSession, 8, 'maxStreamsPerSession')),
    maxSessionsPerClient: Math.floor(positive(o.maxSessionsPerClient, 1000, 'maxSessionsPerClient')),
    trustedProxies: [...(o.trustedProxies ?? [])],
    streamTtlMs: positive(o.streamTtlMs, sessionTtlMs, 'streamTtlMs'),
    serverRequestTtlMs: positive(o.serverRequestTtlMs, 10 * 60_000, 'serverRequestTtlMs'),
    commandTimeoutMs: positive(o.commandTimeoutMs, 2000, 'commandTimeoutMs'),
    retryAfterSeconds: positive(o.retryAfterSeconds, 1, 'retryAfterSeconds'),
    appendRetryMs: positive(o.appendRetryMs, 10_000, 'appendRetryMs'),
    heartbeatMs: positive(o.heartbeatMs, 1000, 'heartbeatMs'),
    maxLocalSessions: Math.floor(positive(o.maxLocalSessions, 10_000, 'maxLocalSessions')),
  }
}
