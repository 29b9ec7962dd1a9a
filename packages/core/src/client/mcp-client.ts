import { McpLocalError } from '../errors/local-error.js'
import {
  type CallToolResult,
  isLoggingLevel,
  type GetPromptResult,
  type LoggingLevel,
  type ReadResourceResult,
} from '../server/types.js'
import { ClientCore } from './client-core.js'
import { CAPABILITY_OF } from './input-handlers.js'
import { checkResultType, MRTR_METHODS, runInputLoop, type InputRequest } from './mrtr-loop.js'
import { collect, items, type PageFetcher } from './pagination.js'
import { listenLegacy } from './subscriptions.js'
import type {
  CallToolParams,
  CompleteParams,
  CompleteResult,
  DiscoverResult,
  GetPromptParams,
  JsonObject,
  ListPromptsResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  ListToolsResult,
  NotificationHandler,
  PaginatedResult,
  Prompt,
  ClientRequestOptions,
  Resource,
  ResourceTemplate,
  Result,
  Subscription,
  SubscriptionFilter,
  Tool,
  ClientResultCache,
  McpClientOptions,
} from './types.js'
import type { Implementation } from '../server/types.js'

type ListOptions = ClientRequestOptions & { cursor?: string }

const NEVER = new AbortController().signal

/**
 * An MCP client of both eras over any `Transport`.
 *
 * @example
 * const client = new McpClient({ name: 'my-app', version: '1.0.0' })
 * client.onElicit(async (params) => ({ action: 'accept', content: { ok: true } }))
 * await client.connect(transport) // probes server/discover, falls back to initialize
 * const { content } = await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } })
 */
export class McpClient extends ClientCore {
  readonly #cache: ClientResultCache | undefined

  constructor(info: Implementation, options: McpClientOptions = {}) {
    super(info, options)
    const cache = options.cache
    if (!cache) return
    this.#cache = cache
    this.onNotification('*', (n) => cache.invalidate(n))
  }

  /**
   * Sends any request and returns its result. Modern era: `_meta` is added, `resultType` is checked, and an
   * `input_required` answer of tools/call, prompts/get or resources/read runs the MRTR loop. With the `cache`
   * option, a cacheable result (`ttlMs`, `cacheScope`) of a list or of resources/read is served from the
   * cache while fresh (`options.cache` per request).
   */
  request<T extends Result = Result>(
    method: string,
    params: JsonObject = {},
    options: ClientRequestOptions = {},
  ): Promise<T> {
    const cache = this.#cache
    if (!cache?.caches(method) || options.cache === 'bypass') return this.#send(method, params, options)
    this.requireEra() // a closed client answers nothing, not even from its cache
    const request = { method, version: this.protocolVersion ?? '', params, mode: options.cache }
    return cache.through(request, () => this.#send(method, params, options)) as Promise<T>
  }

  /** Drops every cached result of this client's server (list changes and expiry do it by themselves). */
  async clearCache(): Promise<void> {
    await this.#cache?.clear()
  }

  async #send<T extends Result = Result>(
    method: string,
    params: JsonObject,
    options: ClientRequestOptions,
  ): Promise<T> {
    const era = this.requireEra()
    if (era === 'legacy') return (await this.wire(method, params, options)) as T
    // The input loop checks the resultType of every round and returns only a complete result.
    if (MRTR_METHODS.has(method))
      return (await runInputLoop(
        params,
        (p) => this.wire(method, p, options),
        (key, request) => this.#fulfil(key, request, options.signal),
        { method, maxRounds: this.options.maxInputRounds ?? 10 },
      )) as T
    const result = await this.wire(method, params, options)
    checkResultType(method, result)
    return result as T
  }

  /** Answers one MRTR input request with the registered handler. */
  async #fulfil(key: string, request: InputRequest, signal: AbortSignal | undefined): Promise<JsonObject> {
    const capability = CAPABILITY_OF[request.method]
    if (!capability)
      throw new McpLocalError(
        'remote',
        `inputRequests.${key} asks for ${request.method}, which is not an input request`,
      )
    if (!this.handlers.declared[capability])
      throw new McpLocalError(
        'remote',
        `The server asked for ${request.method} (inputRequests.${key}) but this client has no ${capability} handler`,
      )
    return this.handlers.run(request.method, request.params, {
      era: 'modern',
      protocolVersion: this.protocolVersion ?? '',
      requestId: key,
      signal: signal ?? NEVER,
    })
  }

  #legacyOnly(method: string, hint: string): void {
    if (this.requireEra() === 'modern')
      throw new McpLocalError('misuse', `${method} does not exist in ${this.protocolVersion}: ${hint}`)
  }

  /** Legacy `ping`. */
  async ping(options?: ClientRequestOptions): Promise<Result> {
    this.#legacyOnly('ping', 'every request is independent; use discover() to check the server')
    return this.request('ping', {}, options)
  }

  /** Modern `server/discover`: supported versions, capabilities, identity; refreshes what the client knows. */
  async discover(options?: ClientRequestOptions): Promise<DiscoverResult> {
    if (this.requireEra() === 'legacy')
      throw new McpLocalError('misuse', `server/discover does not exist in ${this.protocolVersion}`)
    const result = await this.request<DiscoverResult>('server/discover', {}, options)
    if (typeof result.capabilities === 'object' && result.capabilities !== null)
      this.serverCapabilities = result.capabilities
    if (Array.isArray(result.supportedVersions)) this.supportedVersions = result.supportedVersions
    if (typeof result.instructions === 'string') this.instructions = result.instructions
    return result
  }

  #list<R extends PaginatedResult>(method: string, options: ListOptions = {}): Promise<R> {
    const { cursor, ...rest } = options
    return this.request<R>(method, cursor === undefined ? {} : { cursor }, rest)
  }

  #fetcher<R extends PaginatedResult>(method: string, options: ClientRequestOptions): PageFetcher<R> {
    return (cursor) => this.#list<R>(method, cursor === undefined ? options : { ...options, cursor })
  }

  listTools(options?: ListOptions): Promise<ListToolsResult> {
    return this.#list('tools/list', options)
  }
  /** Every tool, following nextCursor. */
  listAllTools(options: ClientRequestOptions = {}): Promise<Tool[]> {
    return collect(this.#fetcher<ListToolsResult>('tools/list', options), (p) => p.tools, options)
  }
  /** Iterates the tools page by page as they arrive. */
  iterateTools(options: ClientRequestOptions = {}): AsyncGenerator<Tool, void, undefined> {
    return items(this.#fetcher<ListToolsResult>('tools/list', options), (p) => p.tools, options)
  }
  /**
   * Calls a tool and returns its result. When the server answers with a task (SEP-2663), waits for it: polls
   * `tasks/get`, answers its input requests with the registered handlers, reports its progress to
   * `onprogress`, and returns the final result (`signal` cancels the task). For the task itself, use
   * `request('tools/call', …)` and `awaitTask`, or `callToolTask` of `@edgemcp/core/tasks`.
   */
  async callTool(params: CallToolParams, options?: ClientRequestOptions): Promise<CallToolResult & Result> {
    const result = await this.request<CallToolResult & Result>('tools/call', { ...params }, options)
    return result.resultType === 'task' ? this.awaitTask(result, options) : result
  }

  /**
   * Waits for a task the server created (the CreateTaskResult of a `tools/call`) and returns its final result:
   * see `callTool`. Needs the `tasks` option. A failed task throws its ProtocolError; a cancelled one an
   * McpLocalError (`aborted`).
   */
  awaitTask(created: Result, options?: ClientRequestOptions): Promise<CallToolResult & Result> {
    const wait = this.options.tasks
    if (!wait)
      return Promise.reject(
        new McpLocalError(
          'misuse',
          'A task result needs the tasks option (clientTasks() of @edgemcp/core/tasks)',
        ),
      )
    const client = {
      request: (method: string, params: JsonObject, o?: ClientRequestOptions) =>
        this.request(method, params, o),
      fulfil: (key: string, request: InputRequest, signal: AbortSignal | undefined) =>
        this.#fulfil(key, request, signal),
    }
    return wait(client, created, options) as Promise<CallToolResult & Result>
  }

  listResources(options?: ListOptions): Promise<ListResourcesResult> {
    return this.#list('resources/list', options)
  }
  listAllResources(options: ClientRequestOptions = {}): Promise<Resource[]> {
    return collect(this.#fetcher<ListResourcesResult>('resources/list', options), (p) => p.resources, options)
  }
  iterateResources(options: ClientRequestOptions = {}): AsyncGenerator<Resource, void, undefined> {
    return items(this.#fetcher<ListResourcesResult>('resources/list', options), (p) => p.resources, options)
  }
  listResourceTemplates(options?: ListOptions): Promise<ListResourceTemplatesResult> {
    return this.#list('resources/templates/list', options)
  }
  listAllResourceTemplates(options: ClientRequestOptions = {}): Promise<ResourceTemplate[]> {
    const fetch = this.#fetcher<ListResourceTemplatesResult>('resources/templates/list', options)
    return collect(fetch, (p) => p.resourceTemplates, options)
  }
  iterateResourceTemplates(
    options: ClientRequestOptions = {},
  ): AsyncGenerator<ResourceTemplate, void, undefined> {
    const fetch = this.#fetcher<ListResourceTemplatesResult>('resources/templates/list', options)
    return items(fetch, (p) => p.resourceTemplates, options)
  }
  readResource(
    params: { uri: string },
    options?: ClientRequestOptions,
  ): Promise<ReadResourceResult & Result> {
    return this.request('resources/read', { ...params }, options)
  }
  /** Legacy `resources/subscribe`; in the modern era use listen({ resourceSubscriptions }). */
  async subscribeResource(params: { uri: string }, options?: ClientRequestOptions): Promise<Result> {
    this.#legacyOnly('resources/subscribe', 'use listen({ resourceSubscriptions: [uri] })')
    return this.request('resources/subscribe', { ...params }, options)
  }
  async unsubscribeResource(params: { uri: string }, options?: ClientRequestOptions): Promise<Result> {
    this.#legacyOnly('resources/unsubscribe', 'close the listen() subscription')
    return this.request('resources/unsubscribe', { ...params }, options)
  }

  listPrompts(options?: ListOptions): Promise<ListPromptsResult> {
    return this.#list('prompts/list', options)
  }
  listAllPrompts(options: ClientRequestOptions = {}): Promise<Prompt[]> {
    return collect(this.#fetcher<ListPromptsResult>('prompts/list', options), (p) => p.prompts, options)
  }
  iteratePrompts(options: ClientRequestOptions = {}): AsyncGenerator<Prompt, void, undefined> {
    return items(this.#fetcher<ListPromptsResult>('prompts/list', options), (p) => p.prompts, options)
  }
  getPrompt(params: GetPromptParams, options?: ClientRequestOptions): Promise<GetPromptResult & Result> {
    return this.request('prompts/get', { ...params }, options)
  }

  /** `completion/complete` for a prompt argument or a resource-template variable. */
  complete(params: CompleteParams, options?: ClientRequestOptions): Promise<CompleteResult> {
    return this.request('completion/complete', { ...params }, options)
  }

  /**
   * The minimum level of log messages. Legacy: `logging/setLevel`. Modern: remembered and sent as
   * `_meta["io.modelcontextprotocol/logLevel"]` on every later request; `undefined` stops it.
   */
  async setLoggingLevel(level: LoggingLevel | undefined, options?: ClientRequestOptions): Promise<void> {
    if (level !== undefined && !isLoggingLevel(level))
      throw new McpLocalError('misuse', `Unknown logging level ${JSON.stringify(level)}`)
    if (this.requireEra() === 'legacy') {
      if (level === undefined)
        throw new McpLocalError('misuse', 'A legacy session cannot unset its log level')
      await this.request('logging/setLevel', { level }, options)
    }
    this.logLevel = level
  }

  /**
   * Receives list changes and resource updates. Modern: a `subscriptions/listen` stream whose notifications
   * go to `onNotification` (and to the onNotification listeners). Legacy: emulated with the session's
   * notifications and resources/subscribe. `acknowledged` tells what the server honours; close() ends it.
   */
  listen(filter: SubscriptionFilter, onNotification?: NotificationHandler): Subscription {
    if (this.requireEra() === 'modern')
      return this.router.listen(
        {
          nextId: () => this.tracker.nextId(),
          wire: (method, params, options) => this.wire(method, params, options),
          failLocally: (id, error) => this.tracker.fail(id, error),
        },
        filter,
        onNotification,
      )
    return listenLegacy(
      {
        serverCapabilities: this.serverCapabilities,
        request: (method, params) => this.request(method, params),
        onNotification: (method, handler) => this.onNotification(method, handler),
        whenClosed: this.whenClosed,
      },
      `legacy-${this.tracker.nextId()}`,
      filter,
      onNotification,
    )
  }

  /** Legacy: tells the server the roots changed (notifications/roots/list_changed). Modern: nothing to send. */
  async sendRootsListChanged(): Promise<void> {
    if (this.requireEra() === 'legacy') await this.notify('notifications/roots/list_changed')
  }
}
