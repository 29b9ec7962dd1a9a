import type { JsonRpcMessage, JsonRpcRequest } from '../jsonrpc/types.js'
import type { InflightRequests } from './inflight.js'
import type { InputCollector } from './input-collector.js'
import type { MrtrSigner } from './mrtr-state.js'
import type { RegisteredTool, Registry } from './registry.js'
import type { RequestAbort } from './request-abort.js'
import type { Outbound, ServerSession } from './session.js'
import type { Implementation, JsonObject, LoggingLevel, RequestContext } from './types.js'

export interface CacheOptions {
  /** Freshness hint for cacheable results (2026-07-28 server/utilities/caching). */
  ttlMs: number
  cacheScope: 'public' | 'private'
}

export interface ResolvedServerOptions {
  instructions: string | undefined
  pageSize: number
  cache: CacheOptions
  requestTimeoutMs: number
  mrtrTtlMs: number
  /** Include `io.modelcontextprotocol/serverInfo` in every modern result's `_meta`. */
  serverInfoInResults: boolean
}

/** A change that modern `subscriptions/listen` streams and legacy sessions may want to hear about. */
export type ServerEvent =
  | { type: 'tools' | 'prompts' | 'resources' }
  | { type: 'resource-updated'; uri: string }

/** What the dispatch functions need from the McpServer; keeps them free of the class. */
export interface ServerCore {
  readonly info: Implementation
  readonly options: ResolvedServerOptions
  readonly registry: Registry
  readonly signer: MrtrSigner
  capabilities(): JsonObject
  subscribe(listener: (event: ServerEvent) => void): () => void
  listCache: Map<string, JsonObject>
  /** `{ 'io.modelcontextprotocol/serverInfo': … }` for modern results, built once. */
  readonly serverInfoMeta: JsonObject
  /**
   * Requests in flight: `close()` aborts them (ends long-lived requests such as subscriptions/listen). A
   * list rather than a shared AbortSignal, because on Workers an event listener belongs to the request that added
   * it, and a signal created by one request must not be touched by another.
   */
  readonly inflight: InflightRequests
  /** A new tracked legacy session (the default for an `initialize` that arrives without one). */
  createSession(): ServerSession
  /** Methods added by extensions (`skills/list` …), answered in both eras after the built-in ones. */
  readonly methods: ReadonlyMap<string, ExtensionMethod>
  /** An extension's part in `tools/call`, if one takes part (see `ServerExtension.callTool`). */
  readonly toolCallHook: ToolCallHook | undefined
}

/** What an extension adds to a server (`extendServer`): the one way core's extension modules plug in. */
export interface ServerExtension {
  /** Declared under `capabilities.extensions[id]`. Default `{}`. */
  settings?: JsonObject | undefined
  /** Methods it answers (`skills/list`, `tasks/get` …), in both eras after the built-in ones. */
  methods?: Record<string, ExtensionMethod> | undefined
  /** Its part in `tools/call` (at most one extension of a server takes part). */
  callTool?: ToolCallHook | undefined
}

/**
 * How an extension takes part in a `tools/call` whose arguments checked (the tasks extension turns the call
 * into a task here): `call` runs the tool's handler with `context` and finishes its result; the hook decides
 * whether, with which context, and what the request answers instead.
 */
export type ToolCallHook = (
  scope: RequestScope,
  tool: RegisteredTool,
  call: (context: RequestContext) => JsonObject | Promise<JsonObject>,
) => JsonObject | Promise<JsonObject>

/** A method an extension adds to a server (see `extendServer`). */
export interface ExtensionMethod {
  run(scope: RequestScope): JsonObject | Promise<JsonObject>
  /** Its 2026-07-28 result carries `ttlMs` / `cacheScope` (server/utilities/caching). */
  cacheable?: boolean
  /** The `params` field a 2026-07-28 request's `Mcp-Name` header mirrors (SEP-2663: `taskId`), if any. */
  nameField?: string
}

/** Everything known about one request while it is handled. */
export interface RequestScope {
  core: ServerCore
  request: JsonRpcRequest
  params: JsonObject
  era: 'legacy' | 'modern'
  protocolVersion: string
  clientCapabilities: JsonObject
  clientInfo: Implementation | undefined
  /** Minimum level to emit; `null` means none may be emitted (modern request without a log level). */
  logLevel: LoggingLevel | null | undefined
  session: ServerSession | undefined
  /** Messages related to this request (progress, logs, server→client requests). */
  emit: Outbound
  /** Cancellation of this request; `abort.signal` is created on first use. */
  abort: RequestAbort
  authInfo: unknown
  principal: string | undefined
  inputs: InputCollector | undefined
}

export type { JsonRpcMessage }
