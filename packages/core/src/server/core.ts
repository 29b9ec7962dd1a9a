import type {
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
} from '../jsonrpc/types.js'
import type { Audience } from './audience.js'
import type { HandleOptions, HandleResult } from './handle.js'
import type { InflightRequests } from './inflight.js'
import type { InputCollector } from './input-collector.js'
import type { Method, MethodEntry, MethodTable } from './method-table.js'
import type { AskIntercept, Intercept } from './middleware.js'
import type { MrtrSigner } from './mrtr-state.js'
import type { RegisteredTool, Registry } from './registry.js'
import type { RequestAbort } from './request-abort.js'
import type { Outbound, ServerSession } from './session.js'
import type { Implementation, JsonObject, LoggingLevel, RequestContext, RequestOptions } from './types.js'

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
  /** What this server answers and carries: installed by the class that built it (see `EngineFeatures`). */
  readonly features: EngineFeatures
  /** Signs MRTR `requestState`; made only when the MRTR feature is installed. */
  readonly signer: MrtrSigner | undefined
  capabilities(): JsonObject
  /** Legacy sessions and event listeners, told of changes (`EngineFeatures.audience`). */
  readonly audience: Audience | undefined
  listCache: Map<string, JsonObject>
  /** `{ 'io.modelcontextprotocol/serverInfo': … }` for modern results, built once. */
  readonly serverInfoMeta: JsonObject
  /**
   * Requests in flight: `close()` aborts them (ends long-lived requests such as subscriptions/listen). A
   * list rather than a shared AbortSignal, because on Workers an event listener belongs to the request that added
   * it, and a signal created by one request must not be touched by another.
   */
  readonly inflight: InflightRequests
  /** Methods added by extensions (`skills/list` …), answered in both eras after the built-in ones. */
  readonly methods: ReadonlyMap<string, AddedMethod>
  /** An extension's part in `tools/call`, if one takes part (see `ServerExtension.callTool`). */
  readonly toolCallHook: ToolCallHook | undefined
  /**
   * The server's middleware (`useMiddleware`), if it has any: handles each message in place of `handleOne`.
   * Named like the server's own `handle` so that the hook costs every bundle the fewest bytes.
   */
  readonly handle?: Intercept | undefined
  /** The `outbound` parts of the server's middleware, if any: sends a legacy handler's request to its client. */
  readonly ask?: AskIntercept | undefined
}

/**
 * The parts of the one engine that a server installs: `McpServer` installs every method of both eras, legacy
 * sessions, MRTR input rounds and an audience for changes; a lighter server (`ToolServer` of
 * `@edgemcp/core/tools-only`) installs only what it answers, so a bundle that uses it carries nothing else. The
 * method tables are data.
 */
export interface EngineFeatures {
  /** The 2026-07-28 methods. */
  readonly modern: MethodTable
  /**
   * A request without modern `_meta`: the legacy era's `initialize` or a request of its session (McpServer),
   * or the unsupported-version error of a server without the legacy era.
   */
  readonly legacyRequest: (
    core: ServerCore,
    request: JsonRpcRequest,
    options: HandleOptions,
  ) => HandleResult | Promise<HandleResult>
  /**
   * A JSON-RPC batch: 2025-03-26 has them (McpServer answers each element), no other revision does (a server
   * without the legacy era refuses every batch).
   */
  readonly batch: (core: ServerCore, values: unknown[], options: HandleOptions) => Promise<HandleResult>
  /** The legacy era (2024-11-05 … 2025-11-25: its methods and sessions); without it, modern only. */
  readonly legacy?: LegacyEra | undefined
  /**
   * MRTR input rounds (2026-07-28 `input_required`, signed `requestState`); without them a modern handler's
   * `ctx.elicit`/`sample`/`listRoots` fail as misuse.
   */
  readonly mrtr?: MrtrFeature | undefined
  /**
   * Makes the server's audience: its legacy sessions and event listeners, told of list changes and resource
   * updates. Without it a change only updates the lists (nobody to tell).
   */
  readonly audience?: ((options: ResolvedServerOptions) => Audience) | undefined
}

/** A handler's request to its client (`ctx.elicit`, `ctx.sample`, `ctx.listRoots`). */
export interface ClientRequest {
  method: string
  params: JsonObject
  /** The client capability the request needs. */
  capability: string
}

/**
 * The legacy era as a feature: its methods, and what only its sessions (or a connection's) do: batches,
 * responses to server→client requests, `notifications/cancelled`, and a handler's requests to the client.
 */
export interface LegacyEra {
  readonly methods: MethodTable
  /**
   * A response or a notification that arrived on `session`: a response settles the server→client request it
   * answers, `notifications/cancelled` aborts the request it names. False for a response nobody waits for.
   */
  receive(session: ServerSession, message: JsonRpcResponse | JsonRpcNotification): boolean
  /** A legacy handler's request to its client, sent on the request's stream (or its session's). */
  ask(scope: RequestScope, request: ClientRequest, options: RequestOptions | undefined): Promise<JsonObject>
}

/** MRTR as a feature: the round runner and how its signer is made. */
export interface MrtrFeature {
  round(scope: RequestScope, run: Method): JsonObject | Promise<JsonObject>
  signer(secret: string | Uint8Array | undefined): MrtrSigner
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

/** An extension's method as the engine keeps it: an entry of the method tables, with its `Mcp-Name` field. */
export interface AddedMethod extends MethodEntry {
  readonly nameField: string | undefined
}

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
  /** `HandleOptions.client`: who sent the request when there is no principal (budgets of what it keeps). */
  client?: string | undefined
  inputs: InputCollector | undefined
}

export type { JsonRpcMessage }
