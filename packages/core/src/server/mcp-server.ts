import { RESOURCE_UPDATED } from '../protocol/methods.js'
import { type JsonRpcNotification, notification } from '../jsonrpc/types.js'
import { META_SERVER_INFO } from '../protocol/meta.js'
import { LATEST_VERSION } from '../protocol/versions.js'
import { implementationFor } from '../protocol/implementation.js'
import type { Transport } from '../transport/transport.js'
import { connectServer, type Connection } from './connect.js'
import type { CacheOptions, ResolvedServerOptions, ServerCore, ServerEvent } from './core.js'
import { handleInbound, type HandleOptions, type HandleResult } from './handle.js'
import { MrtrSigner } from './mrtr-state.js'
import { InflightRequests } from './inflight.js'
import { defined, type ListKind, type Registration, type Registry } from './registry.js'
import { compileSchema, type SchemaInput } from './schema-validation.js'
import { UriMatcher } from './uri-match.js'
import { ServerSession, type SessionSnapshot } from './session.js'
import type {
  Implementation,
  JsonObject,
  PromptDefinition,
  PromptHandler,
  ResourceMetadata,
  ResourceReader,
  ResourceTemplateDefinition,
  TemplateReader,
  ToolDefinition,
  ToolHandler,
} from './types.js'
import type { StandardSchemaV1 } from '@standard-schema/spec'

export interface McpServerOptions extends Implementation {
  instructions?: string
  /** Items per page of every list method. Default 100. */
  pageSize?: number
  /** Cache hints of 2026-07-28 cacheable results. Default `{ ttlMs: 60_000, cacheScope: 'private' }`. */
  cache?: Partial<CacheOptions>
  /** Timeout of server→client requests (legacy era). Default 60 s. */
  requestTimeoutMs?: number
  /** Secret for signing MRTR requestState. Set it when several isolates/instances serve one server. */
  mrtrSecret?: string | Uint8Array
  /** Lifetime of MRTR requestState. Default 10 minutes. */
  mrtrTtlMs?: number
  /** Advertise the logging capability. Default true. */
  logging?: boolean
  /** Extra capabilities (experimental, extensions). */
  capabilities?: JsonObject
  /** Put `io.modelcontextprotocol/serverInfo` in every modern result's `_meta`. Default true. */
  serverInfoInResults?: boolean
}

type ArgsOf<S> = S extends StandardSchemaV1 ? StandardSchemaV1.InferOutput<S> : Record<string, unknown>

/**
 * An MCP server of both eras. Register tools, resources and prompts; hand messages to `handle()` (HTTP
 * transports) or `connect()` a bidirectional transport.
 *
 * @example
 * const server = new McpServer({ name: 'demo', version: '1.0.0' })
 * server.tool('echo', { inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
 *   ({ text }) => ({ content: [{ type: 'text', text: String(text) }] }))
 */
export class McpServer implements ServerCore {
  // Fields assigned in the constructor are `declare`d: the compiled class does not define them twice.
  declare readonly info: Implementation
  declare readonly options: ResolvedServerOptions
  readonly registry: Registry = {
    tools: new Map(),
    resources: new Map(),
    templates: new Map(),
    prompts: new Map(),
    version: 0,
  }
  declare readonly signer: MrtrSigner
  readonly listCache = new Map<string, JsonObject>()
  declare readonly serverInfoMeta: JsonObject
  readonly #sessions = new Set<ServerSession>()
  readonly #listeners = new Set<(event: ServerEvent) => void>()
  readonly #extraCapabilities: JsonObject
  readonly #logging: boolean
  readonly inflight = new InflightRequests()
  #capabilitiesCache: JsonObject | undefined

  constructor(options: McpServerOptions) {
    const {
      instructions,
      pageSize,
      cache,
      requestTimeoutMs,
      mrtrSecret,
      mrtrTtlMs,
      logging,
      capabilities,
      serverInfoInResults,
      ...info
    } = options
    this.info = info
    this.serverInfoMeta = { [META_SERVER_INFO]: implementationFor(LATEST_VERSION, info) }
    this.options = {
      instructions,
      pageSize: pageSize ?? 100,
      cache: { ttlMs: cache?.ttlMs ?? 60_000, cacheScope: cache?.cacheScope ?? 'private' },
      requestTimeoutMs: requestTimeoutMs ?? 60_000,
      mrtrTtlMs: mrtrTtlMs ?? 600_000,
      serverInfoInResults: serverInfoInResults ?? true,
    }
    this.signer = new MrtrSigner(mrtrSecret)
    this.#extraCapabilities = capabilities ?? {}
    this.#logging = logging ?? true
  }

  /** Registers a tool. Arguments are validated against `inputSchema` before the handler runs. */
  tool<S extends SchemaInput | undefined>(
    name: string,
    definition: ToolDefinition<S>,
    handler: ToolHandler<ArgsOf<S>>,
  ): Registration {
    if (!name) throw new Error('a tool needs a name')
    const input = compileSchema(definition.inputSchema, 'input')
    const output =
      definition.outputSchema === undefined ? undefined : compileSchema(definition.outputSchema, 'output')
    const inputSchema =
      input.jsonSchema.type === undefined ? { type: 'object', ...input.jsonSchema } : input.jsonSchema
    const wire = defined({
      name,
      title: definition.title,
      description: definition.description,
      icons: definition.icons,
      inputSchema,
      outputSchema: output?.jsonSchema,
      annotations: definition.annotations,
      _meta: definition._meta,
    })
    const tool = { name, definition, input, output, handler, wire }
    return this.#add(this.registry.tools, name, tool, 'tools', 'Tool')
  }

  /** Registers a fixed resource. */
  resource(uri: string, metadata: ResourceMetadata, read: ResourceReader): Registration {
    const wire = defined({ uri, ...metadata })
    return this.#add(this.registry.resources, uri, { uri, metadata, read, wire }, 'resources', 'Resource')
  }

  /** Registers an RFC 6570 resource template; `read` gets the variables of the requested URI. */
  resourceTemplate(
    uriTemplate: string,
    definition: ResourceTemplateDefinition,
    read: TemplateReader,
  ): Registration {
    const { complete: _c, list: _l, ...metadata } = definition
    const entry = {
      template: new UriMatcher(uriTemplate),
      definition,
      read,
      wire: defined({ uriTemplate, ...metadata }),
    }
    return this.#add(this.registry.templates, uriTemplate, entry, 'resources', 'Resource template')
  }

  /** Registers a prompt. */
  prompt(name: string, definition: PromptDefinition, handler: PromptHandler): Registration {
    const wire = defined({
      name,
      title: definition.title,
      description: definition.description,
      icons: definition.icons,
      arguments: definition.arguments,
      _meta: definition._meta,
    })
    return this.#add(this.registry.prompts, name, { name, definition, handler, wire }, 'prompts', 'Prompt')
  }

  /** Adds an entry; its list changed (and again when the returned registration removes it). */
  #add<T>(map: Map<string, T>, key: string, value: T, kind: ListKind, what: string): Registration {
    if (map.has(key)) throw new Error(`${what} "${key}" is already registered`)
    map.set(key, value)
    this.#changed(kind)
    return {
      remove: () => {
        if (map.get(key) === value && map.delete(key)) this.#changed(kind)
      },
    }
  }

  #changed(kind: ListKind): void {
    this.registry.version++
    this.listCache.clear()
    this.#capabilitiesCache = undefined
    void this.notifyListChanged(kind)
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
    this.#capabilitiesCache = caps
    return caps
  }

  /** Handles one inbound JSON value (a message or a batch) of either era. Never throws. */
  handle(value: unknown, options: HandleOptions = {}): Promise<HandleResult> {
    return handleInbound(this, value, options)
  }

  /** Serves a bidirectional transport (stdio, in-memory): both eras on one connection. */
  connect(transport: Transport): Promise<Connection> {
    return connectServer(this, transport)
  }

  /** A new legacy session, tracked for list-changed and resource-updated notifications until it closes. */
  createSession(id?: string): ServerSession {
    return this.#track(new ServerSession(id, this.options))
  }

  /** Brings back a session from its snapshot (e.g. on another isolate). */
  restoreSession(snapshot: SessionSnapshot): ServerSession {
    return this.#track(ServerSession.restore(snapshot, this.options))
  }

  #track(session: ServerSession): ServerSession {
    this.#sessions.add(session)
    session.onClose(() => this.#sessions.delete(session))
    return session
  }

  /** Listens to server events (list changes, resource updates); returns the unsubscribe function. */
  subscribe(listener: (event: ServerEvent) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Tells subscribers that a resource changed (`notifications/resources/updated`). */
  notifyResourceUpdated(uri: string): Promise<void> {
    this.#emitEvent({ type: 'resource-updated', uri })
    return this.#notify(notification(RESOURCE_UPDATED, { uri }), uri)
  }

  /**
   * Tells listeners that a list changed: modern `subscriptions/listen` streams and every legacy session
   * (registration changes call this by themselves; call it when a list changes for another reason).
   */
  notifyListChanged(kind: ListKind): Promise<void> {
    this.#emitEvent({ type: kind })
    return this.broadcast({ jsonrpc: '2.0', method: `notifications/${kind}/list_changed` })
  }

  /** Sends a notification to every initialized legacy session's standalone channel. */
  broadcast(notification: JsonRpcNotification): Promise<void> {
    return this.#notify(notification)
  }

  /** Sends to every initialized legacy session (only to those subscribed to `uri`, when one is given). */
  async #notify(message: JsonRpcNotification, uri?: string): Promise<void> {
    await Promise.all(
      [...this.#sessions]
        .filter((s) => s.initialized && (uri === undefined || s.subscriptions.has(uri)))
        .map((s) => s.notify(message)),
    )
  }

  /** Ends long-lived requests and closes every session. */
  close(): void {
    const reason = new Error('server shutting down')
    for (const a of this.inflight.toArray()) a.abort(reason)
    for (const s of [...this.#sessions]) s.close('server shutting down')
  }

  #emitEvent(event: ServerEvent): void {
    for (const l of this.#listeners) l(event)
  }
}
