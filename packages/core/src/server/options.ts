import type { JsonObject, TaskExtension } from './types.js'

/**
 * Options of `new McpServer(info, options)`. Every field is optional and may be given as `undefined`
 * (e.g. `mrtrSecret: env.MCP_MRTR_SECRET`), which means the default.
 */
export interface McpServerOptions {
  /** Shown to clients in the `initialize` / `server/discover` result: how to use this server. */
  instructions?: string | undefined
  /** Items per page of every list method. Default 100. */
  pageSize?: number | undefined
  /** Cache hints of 2026-07-28 cacheable results. Default `{ ttlMs: 60_000, cacheScope: 'private' }`. */
  cache?: { ttlMs?: number | undefined; cacheScope?: 'public' | 'private' | undefined } | undefined
  /** Timeout of server→client requests (legacy era). Default 60 s. */
  requestTimeoutMs?: number | undefined
  /**
   * Secret for signing MRTR `requestState` (2026-07-28 input rounds). Set it whenever more than one isolate or
   * process serves the server, so each verifies the others' state. Default: a random key made on first use.
   */
  mrtrSecret?: string | Uint8Array | undefined
  /** Lifetime of MRTR `requestState`. Default 10 minutes. */
  mrtrTtlMs?: number | undefined
  /** Advertise the logging capability. Default true. */
  logging?: boolean | undefined
  /** Extra capabilities (experimental, extensions). */
  capabilities?: JsonObject | undefined
  /** Put `io.modelcontextprotocol/serverInfo` in every modern result's `_meta`. Default true. */
  serverInfoInResults?: boolean | undefined
  /**
   * The tasks extension (SEP-2663): `taskExtension({ store })` from `@edgemcp/core/tasks`. Tools registered
   * with `task: 'optional' | 'required'` may then answer a `tools/call` with a task.
   */
  tasks?: TaskExtension | undefined
}
