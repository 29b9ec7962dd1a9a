import type { JsonRpcNotification } from '../jsonrpc/types.js'
import type { Transport } from '../transport/transport.js'
import { connectServer, type Connection } from './connect.js'
import type { ServerEvent } from './core.js'
import { ALL_FEATURES } from './all-features.js'
import type { Audience } from './audience.js'
import { ServerEngine } from './engine.js'
import { handleInbound, type HandleOptions, type HandleResult } from './handle.js'
import { installExtension } from './installable.js'
import type { McpServerOptions } from './options.js'
import { defined, type ListKind, type Registration } from './registry.js'
import type { ToolArguments, ToolResult } from './json-schema-types.js'
import type { SchemaInput } from './schema-validation.js'
import { registerTool } from './tool-registration.js'
import { UriMatcher } from './uri-match.js'
import type { ServerSession, SessionSnapshot } from './session.js'
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

export type { McpServerOptions } from './options.js'

/**
 * An MCP server of both eras. Register tools, resources and prompts; hand messages to `handle()` (HTTP
 * transports) or `connect()` a bidirectional transport.
 *
 * Constructing one does no I/O and uses no randomness or timers, so a module-level server is fine on
 * Cloudflare Workers.
 *
 * @example
 * const server = new McpServer({ name: 'demo', version: '1.0.0' }, { instructions: 'Echoes text.' })
 * server.tool(
 *   'echo',
 *   { inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
 *   ({ text }) => ({ content: [{ type: 'text', text }] }),
 * )
 */
export class McpServer {
  readonly #engine: ServerEngine
  /** Who hears of this server's changes: its sessions and listeners (ALL_FEATURES installs the audience). */
  readonly #audience: Audience

  /**
   * @param info the server's identity (`name`, `version`, optional `title`, `description`, `websiteUrl`,
   *   `icons`), sent to clients as `serverInfo`.
   * @param options behaviour; every field optional (see `McpServerOptions`).
   */
  constructor(info: Implementation, options: McpServerOptions = {}) {
    this.#engine = new ServerEngine(this, info, options, ALL_FEATURES)
    this.#engine.plainHandle = McpServer.prototype.handle
    this.#audience = this.#engine.audience!
    if (options.tasks !== undefined)
      installExtension(
        this.#engine,
        options.tasks,
        'options.tasks must come from taskExtension() of @edgemcp/core/tasks',
      )
  }

  /** The server's identity as given to the constructor. */
  get info(): Implementation {
    return this.#engine.info
  }

  /**
   * Registers a tool. Arguments are validated against `inputSchema` before the handler runs, and
   * `structuredContent` against `outputSchema` after. Both schemas type the handler: a Standard Schema (zod,
   * valibot, …) by its own types, a JSON Schema written as a literal (inline or `as const`) by
   * `InferJsonSchema`; any other schema leaves the arguments `Record<string, unknown>`.
   */
  tool<
    const In extends SchemaInput | undefined = undefined,
    const Out extends SchemaInput | undefined = undefined,
  >(
    name: string,
    definition: ToolDefinition<In, Out>,
    handler: ToolHandler<ToolArguments<In>, ToolResult<Out>>,
  ): Registration {
    return registerTool(this.#engine, name, definition, handler)
  }

  /** Registers a fixed resource. */
  resource(uri: string, metadata: ResourceMetadata, read: ResourceReader): Registration {
    const wire = defined({ uri, ...metadata })
    const entry = { uri, metadata, read, wire }
    return this.#engine.add(this.#engine.registry.resources, uri, entry, 'resources', 'Resource')
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
    const templates = this.#engine.registry.templates
    return this.#engine.add(templates, uriTemplate, entry, 'resources', 'Resource template')
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
    const entry = { name, definition, handler, wire }
    return this.#engine.add(this.#engine.registry.prompts, name, entry, 'prompts', 'Prompt')
  }

  /** The capabilities of what is registered now (server/index "Capabilities"). */
  capabilities(): JsonObject {
    return this.#engine.capabilities()
  }

  /** Handles one inbound JSON value (a message or a batch) of either era. Never throws. */
  handle(value: unknown, options: HandleOptions = {}): Promise<HandleResult> {
    return Promise.resolve(handleInbound(this.#engine, value, options))
  }

  /** Serves a bidirectional transport (stdio, in-memory): both eras on one connection. */
  connect(transport: Transport): Promise<Connection> {
    return connectServer(this, transport)
  }

  /** A new legacy session, tracked for list-changed and resource-updated notifications until it closes. */
  createSession(id?: string): ServerSession {
    return this.#audience.createSession(id)
  }

  /** Brings back a session from its snapshot (e.g. on another isolate). */
  restoreSession(snapshot: SessionSnapshot): ServerSession {
    return this.#audience.restoreSession(snapshot)
  }

  /** Listens to server events (list changes, resource updates); returns the unsubscribe function. */
  subscribe(listener: (event: ServerEvent) => void): () => void {
    return this.#audience.subscribe(listener)
  }

  /** Tells subscribers that a resource changed (`notifications/resources/updated`). */
  notifyResourceUpdated(uri: string): Promise<void> {
    return this.#audience.notifyResourceUpdated(uri)
  }

  /**
   * Tells listeners that a list changed: modern `subscriptions/listen` streams and every legacy session
   * (registration changes call this by themselves; call it when a list changes for another reason).
   */
  notifyListChanged(kind: ListKind): Promise<void> {
    return this.#audience.notifyListChanged(kind)
  }

  /** Sends a notification to every initialized legacy session's standalone channel. */
  broadcast(notification: JsonRpcNotification): Promise<void> {
    return this.#audience.broadcast(notification)
  }

  /** Ends long-lived requests and closes every session. */
  close(): void {
    this.#engine.close()
  }
}
