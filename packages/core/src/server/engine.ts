import { META_SERVER_INFO } from '../protocol/meta.js'
import { LATEST_VERSION } from '../protocol/versions.js'
import { implementationFor } from '../protocol/implementation.js'
import type { Audience } from './audience.js'
import type { AddedMethod, EngineFeatures, ResolvedServerOptions, ServerCore, ToolCallHook } from './core.js'
import { InflightRequests } from './inflight.js'
import type { AskIntercept, Intercept } from './middleware.js'
import type { MrtrSigner } from './mrtr-state.js'
import type { ListKind, Registration, Registry } from './registry.js'
import type { Implementation, JsonObject } from './types.js'
import type { McpServerOptions } from './options.js'
import type { McpServer } from './mcp-server.js'
import type { ToolServer } from './tool-server.js'

/** What transports may ask of a server (`@edgemcp/core/internal`); not part of the public API. */
export interface ServerInternals {
  /** The input schema of a registered tool as listed, or undefined for an unknown tool. */
  toolInputSchema(name: string): JsonObject | undefined
  /** Methods added by extensions, with the `params` field their `Mcp-Name` header mirrors, if any. */
  readonly methods: ReadonlyMap<string, { readonly nameField?: string | undefined }>
}

/** The server objects (`McpServer`, `ToolServer`) and their engines, which they keep private. */
const engines = new WeakMap<object, ServerEngine>()

/** The engine behind a server; for core's own modules and tests (not exported from any entry point). */
export function serverEngine(server: McpServer | ToolServer): ServerEngine {
  // Every server object registers its engine when it is built (ServerEngine's constructor).
  return engines.get(server)!
}

/** The transport-facing internals of a server (`@edgemcp/core/internal`). */
export function internalsOf(server: McpServer | ToolServer): ServerInternals {
  return serverEngine(server)
}

/**
 * The state behind an `McpServer` or a `ToolServer`: what is registered, resolved options, the MRTR signer,
 * list caches, requests in flight and who hears of changes (`audience`, McpServer's). Each server holds one
 * privately, with the features it installs; the dispatch functions take it as a `ServerCore`, and transports
 * reach the little they need through `@edgemcp/core/internal` (`internalsOf`).
 */
export class ServerEngine implements ServerCore {
  readonly info: Implementation
  readonly options: ResolvedServerOptions
  readonly registry: Registry = {
    tools: new Map(),
    resources: new Map(),
    templates: new Map(),
    prompts: new Map(),
    version: 0,
  }
  readonly signer: MrtrSigner | undefined
  readonly listCache = new Map<string, JsonObject>()
  readonly serverInfoMeta: JsonObject
  readonly inflight = new InflightRequests()
  readonly methods = new Map<string, AddedMethod>()
  /** Extensions declared by `extendServer`, by identifier: their settings (`capabilities.extensions[id]`). */
  readonly extensions = new Map<string, JsonObject>()
  toolCallHook: ToolCallHook | undefined
  /** The server's middleware, composed (`useMiddleware`); undefined when it has none. */
  declare handle: Intercept | undefined
  /** The `outbound` parts of the server's middleware, composed; undefined when none has one. */
  declare ask: AskIntercept | undefined
  /** Legacy sessions and event listeners, told of changes; only servers with the feature have them. */
  readonly audience: Audience | undefined
  /**
   * The `handle` method of the server class this engine is behind, as the class defines it (see `handleNow`):
   * while the server's `handle` is still this one, a transport may call the engine directly.
   */
  declare plainHandle: unknown
  readonly #extraCapabilities: JsonObject
  readonly #logging: boolean
  #capabilitiesCache: JsonObject | undefined

  /**
   * @param owner the server object this engine is behind (see `serverEngine`).
   * @param features what the server answers and carries (`ALL_FEATURES` for McpServer).
   */
  constructor(
    owner: object,
    info: Implementation,
    options: McpServerOptions,
    readonly features: EngineFeatures,
  ) {
    engines.set(owner, this)
    this.info = { ...info }
    this.serverInfoMeta = { [META_SERVER_INFO]: implementationFor(LATEST_VERSION, this.info) }
    this.options = {
      instructions: options.instructions,
      pageSize: options.pageSize ?? 100,
      cache: {
        ttlMs: options.cache?.ttlMs ?? 60_000,
        cacheScope: options.cache?.cacheScope ?? 'private',
      },
      requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
      mrtrTtlMs: options.mrtrTtlMs ?? 600_000,
      serverInfoInResults: options.serverInfoInResults ?? true,
    }
    this.signer = features.mrtr?.signer(options.mrtrSecret)
    this.audience = features.audience?.(this.options)
    this.#extraCapabilities = options.capabilities ?? {}
    this.#logging = options.logging ?? true
  }

  /** Adds an entry; its list changed (and again when the returned registration removes it). */
  add<T>(map: Map<string, T>, key: string, value: T, kind: ListKind, what: string): Registration {
    if (map.has(key)) throw new Error(`${what} "${key}" is already registered`)
    map.set(key, value)
    this.#changed(kind)
    return {
      remove: () => {
        if (map.get(key) === value && map.delete(key)) this.#changed(kind)
      },
    }
  }

  /** The capabilities changed other than by a registration (an extension came or went: see `extendServer`). */
  extensionsChanged(): void {
    this.#capabilitiesCache = undefined
  }

  #changed(kind: ListKind): void {
    this.registry.version++
    this.listCache.clear()
    this.#capabilitiesCache = undefined
    void this.audience?.notifyListChanged(kind)
  }

  /** The capabilities of what is registered now (server/index "Capabilities"). */
  capabilities(): JsonObject {
    if (this.#capabilitiesCache) return this.#capabilitiesCache
    const r = this.registry
    const caps: JsonObject = { ...this.#extraCapabilities }
    if (this.#logging) caps.logging = {}
    if ([...r.prompts.values(), ...r.templates.values()].some((e) => e.definition.complete))
      caps.completions = {}
    if (r.prompts.size) caps.prompts = { listChanged: true }
    if (r.resources.size || r.templates.size) caps.resources = { subscribe: true, listChanged: true }
    if (r.tools.size) caps.tools = { listChanged: true }
    if (this.extensions.size)
      caps.extensions = {
        ...(caps.extensions as JsonObject | undefined),
        ...Object.fromEntries(this.extensions),
      }
    this.#capabilitiesCache = caps
    return caps
  }

  /** The input schema of a registered tool as listed (for transports that check headers against it). */
  toolInputSchema(name: string): JsonObject | undefined {
    return this.registry.tools.get(name)?.wire.inputSchema as JsonObject | undefined
  }

  close(): void {
    const reason = new Error('server shutting down')
    for (const a of this.inflight.toArray()) a.abort(reason)
    this.audience?.close(reason.message)
  }
}
