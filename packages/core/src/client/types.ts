import type { JsonRpcMessage, RequestId } from '../jsonrpc/types.js'
import type { ProtocolVersion } from '../protocol/versions.js'
import type { Transport } from '../transport/transport.js'
import type {
  CreateMessageParams,
  CreateMessageResult,
  ElicitParams,
  ElicitResult,
  Icon,
  JsonObject,
  ListRootsResult,
  LoggingLevel,
  PromptArgument,
  ResourceMetadata,
  ToolAnnotations,
} from '../server/types.js'

export type { JsonObject }

/** A transport as the client sees it: core's Transport plus an optional per-request cancel (HTTP). */
export interface ClientTransport extends Transport {
  /**
   * Hands a message over. A client passes `signal` when it stops waiting for the hand-over itself (a
   * notification whose HTTP answer never comes): the transport then drops that exchange.
   */
  send(message: JsonRpcMessage | JsonRpcMessage[], options?: { signal?: AbortSignal }): Promise<void>
  /**
   * Cancels one request at the transport level (modern HTTP: close that request's stream). When present the
   * client calls it instead of sending `notifications/cancelled`.
   */
  cancel?(id: RequestId, reason: string): void | Promise<void>
  /**
   * Stops waiting for the response to one request without telling the server (the client gave up on it:
   * timeout, abort). HTTP transports close a response stream no other request waits on, so a server cannot
   * keep the client reading an answer nobody wants.
   */
  abandon?(id: RequestId): void
  /**
   * Set by the client: the transport reports a request that will get no response (its stream broke off for
   * good, or carried a message over the transport's size limit). The request fails with `error` at once.
   */
  onrequestfailed?: ((id: RequestId, error: Error) => void) | undefined
  /**
   * Legacy sessions over Streamable HTTP: opens the standalone GET stream on which the server sends requests
   * and notifications that belong to no client request. Resolves false when the server offers none (405).
   */
  openStandaloneStream?(): Promise<boolean>
}

export type Era = 'legacy' | 'modern'

/**
 * Which protocol to speak: `auto` (default) probes with `server/discover` and falls back to the legacy
 * `initialize` handshake; `modern` and `legacy` pick an era; a version string pins that revision.
 */
export type ProtocolChoice = 'auto' | 'modern' | 'legacy' | ProtocolVersion

/** What a handler of a server→client request (legacy) or an MRTR input request (modern) is told. */
export interface InputContext {
  era: Era
  protocolVersion: string
  /** Legacy: the server's request id. Modern: the key of the entry in `inputRequests`. */
  requestId: RequestId
  /** Aborts when the server cancels (legacy) or the originating client request is cancelled (modern). */
  signal: AbortSignal
}

export type ElicitHandler = (params: ElicitParams, ctx: InputContext) => ElicitResult | Promise<ElicitResult>
export type SampleHandler = (
  params: CreateMessageParams,
  ctx: InputContext,
) => CreateMessageResult | Promise<CreateMessageResult>
export type ListRootsHandler = (ctx: InputContext) => ListRootsResult | Promise<ListRootsResult>

export interface ServerNotification {
  method: string
  params: JsonObject
}
export type NotificationHandler = (notification: ServerNotification) => void

export interface ClientHandlers {
  elicit?: ElicitHandler
  sample?: SampleHandler
  listRoots?: ListRootsHandler
  /** Notification handlers by method; `'*'` receives every notification. */
  notifications?: Record<string, NotificationHandler>
}

export interface McpClientOptions {
  /** Extra capabilities to declare (experimental, extensions, elicitation.url, ...). */
  capabilities?: JsonObject
  /** Default `auto`. */
  protocol?: ProtocolChoice
  /** Per-request timeout, default 60 s. `0` disables it. */
  requestTimeoutMs?: number
  /**
   * How long the `auto` probe waits for `server/discover` before assuming a legacy server. Default 10 s, and
   * never more than `requestTimeoutMs`.
   */
  probeTimeoutMs?: number
  /** Bound on MRTR rounds of one request (modern era). Default 10. */
  maxInputRounds?: number
  /**
   * The tasks extension (SEP-2663): `clientTasks()` of `@edgemcp/core/tasks`. The client then declares
   * `io.modelcontextprotocol/tasks` (modern era), and `callTool` waits for a task result as for any call.
   */
  tasks?: TaskWaiter | undefined
  /**
   * Legacy era: after the handshake, open the transport's standalone stream (Streamable HTTP's GET stream)
   * so server→client requests and notifications sent outside any request's stream arrive (elicitation from a
   * background task, list changes). Default true; a server that offers none (405) is fine. Failures go to
   * `onerror`.
   */
  standaloneStream?: boolean
  /** Modern era: call `server/discover` on connect. Default true. */
  discover?: boolean
  /** Modern era: initial `io.modelcontextprotocol/logLevel`. */
  logLevel?: LoggingLevel
  handlers?: ClientHandlers
  /**
   * Elicitation behaviour. `form.applyDefaults` (SEP-1034, default false): when the elicit handler accepts a
   * form, the fields it left out get the `default` of their property in `requestedSchema`, in both eras, so
   * handlers need not copy defaults by hand. It is also declared in the elicitation capability (2025-11-25
   * and later) as `form: { applyDefaults: true }`.
   */
  elicitation?: { form?: { applyDefaults?: boolean | undefined } | undefined } | undefined
  /** Messages that could not be processed (malformed, unmatched error responses, handler failures). */
  onerror?: (error: Error) => void
  /**
   * Caching of cacheable results (2026-07-28, SEP-2549): `resultCache()` of `@edgemcp/core/cache`. A
   * `tools/list`, `prompts/list`, `resources/list`, `resources/templates/list` or `resources/read` result
   * that carries `ttlMs` and `cacheScope` is then served from the cache until it expires or the matching
   * list-changed (or resources/updated) notification arrives. Default: none.
   */
  cache?: ClientResultCache | undefined
}

/** Per request: `use` (default) reads and fills the cache; `refresh` skips the read; `bypass` skips both. */
export type CacheMode = 'use' | 'refresh' | 'bypass'

/** What McpClient asks of its `cache` option (`resultCache()` of `@edgemcp/core/cache` is one). */
export interface ClientResultCache {
  /** Whether results of `method` may be cached at all. */
  caches(method: string): boolean
  /** Answers a cacheable request from the cache, or with `send()` (then keeps its result when allowed). */
  through(
    request: { method: string; version: string; params: JsonObject; mode: CacheMode | undefined },
    send: () => Promise<JsonObject>,
  ): Promise<JsonObject>
  /** A server notification, which may say that cached results changed. Never throws. */
  invalidate(notification: { method: string; params: JsonObject }): void
  /** Drops everything cached for this client's server. */
  clear(): void | Promise<void>
}

export interface ProgressInfo {
  progress: number
  total?: number
  message?: string
}
export type ProgressCallback = (progress: ProgressInfo) => void

/** What waiting for a task needs of a client: requests, and answers to the server's questions. */
export interface TaskClient {
  request(method: string, params: JsonObject, options?: ClientRequestOptions): Promise<JsonObject>
  fulfil(
    key: string,
    request: { method: string; params: JsonObject },
    signal: AbortSignal | undefined,
  ): Promise<JsonObject>
}

/** Follows a task from its CreateTaskResult to its final result (`clientTasks()` of `@edgemcp/core/tasks`). */
export type TaskWaiter = (
  client: TaskClient,
  created: JsonObject,
  options?: ClientRequestOptions,
) => Promise<JsonObject>

export interface ClientRequestOptions {
  /** Overrides the client's `requestTimeoutMs` for this request. `0` disables the timeout. */
  timeoutMs?: number
  /** Restart the timeout on each progress notification (bounded by `maxTotalTimeoutMs`). */
  resetTimeoutOnProgress?: boolean
  maxTotalTimeoutMs?: number
  /** Cancels the request: the server is told (notifications/cancelled or the transport's cancel). */
  signal?: AbortSignal
  /** Asks for progress (`_meta.progressToken`) and receives each notifications/progress. */
  onprogress?: ProgressCallback
  /** The result cache for this request: `use` (default), `refresh` (ask the server, keep the answer), `bypass`. */
  cache?: CacheMode
}

/** Every result: `resultType` from 2026-07-28 on, `_meta` always optional. */
export interface Result {
  resultType?: string
  _meta?: JsonObject
  [key: string]: unknown
}

export interface PaginatedResult extends Result {
  nextCursor?: string
}

export interface Tool {
  name: string
  title?: string
  description?: string
  icons?: Icon[]
  inputSchema: JsonObject
  outputSchema?: JsonObject
  annotations?: ToolAnnotations
  /**
   * `taskSupport`: whether a call may become a task (`optional`) or always does (`required`); edgemcp servers
   * list it to 2026-07-28 clients for tools registered with `task` (SEP-2663 itself defines no tool field).
   */
  execution?: { taskSupport?: 'forbidden' | 'optional' | 'required' }
  _meta?: JsonObject
}

/** A listed resource: the same metadata a server registers, plus its URI. */
export type Resource = ResourceMetadata & { uri: string }

/** A listed resource template: a server's template metadata (no size), plus its URI template. */
export type ResourceTemplate = Omit<ResourceMetadata, 'size'> & { uriTemplate: string }

export interface Prompt {
  name: string
  title?: string
  description?: string
  icons?: Icon[]
  arguments?: PromptArgument[]
  _meta?: JsonObject
}

export interface ListToolsResult extends PaginatedResult {
  tools: Tool[]
}
export interface ListResourcesResult extends PaginatedResult {
  resources: Resource[]
}
export interface ListResourceTemplatesResult extends PaginatedResult {
  resourceTemplates: ResourceTemplate[]
}
export interface ListPromptsResult extends PaginatedResult {
  prompts: Prompt[]
}

export interface CallToolParams {
  name: string
  arguments?: JsonObject
}
export interface GetPromptParams {
  name: string
  arguments?: Record<string, string>
}
export interface CompleteParams {
  ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string }
  argument: { name: string; value: string }
  context?: { arguments?: Record<string, string> }
}
export interface CompleteResult extends Result {
  completion: { values: string[]; total?: number; hasMore?: boolean }
}

export interface DiscoverResult extends Result {
  supportedVersions: string[]
  capabilities: JsonObject
  instructions?: string
}

/** The `notifications` filter of `subscriptions/listen` (2026-07-28 basic/patterns/subscriptions). */
export interface SubscriptionFilter {
  toolsListChanged?: boolean
  promptsListChanged?: boolean
  resourcesListChanged?: boolean
  resourceSubscriptions?: string[]
}

export interface Subscription {
  /** Modern: the id of the `subscriptions/listen` request. Legacy emulation: a local id. */
  readonly id: RequestId
  /** The filter the server agreed to honour. */
  readonly acknowledged: Promise<SubscriptionFilter>
  /** Settles when the subscription ends (closed by us, by the server, or by the transport). */
  readonly closed: Promise<void>
  close(): Promise<void>
}
