import { UnsupportedProtocolVersionError } from '../errors/protocol-error.js'
import type { JsonRpcRequest } from '../jsonrpc/types.js'
import { MODERN_VERSIONS, V2026_07_28 } from '../protocol/versions.js'
import type { EngineFeatures } from './core.js'
import { ServerEngine } from './engine.js'
import { errorResult, handleInbound, type HandleOptions, type HandleResult, refuse } from './handle.js'
import type { ToolArguments, ToolResult } from './json-schema-types.js'
import type { McpServerOptions } from './options.js'
import type { Registration } from './registry.js'
import type { SchemaInput } from './schema-validation.js'
import { CALL_TOOL, DISCOVER, LIST_TOOLS } from './tool-methods.js'
import { registerTool } from './tool-registration.js'
import type { Implementation, JsonObject, ToolDefinition, ToolHandler } from './types.js'

/** Options of `new ToolServer(info, options)`: those of `McpServerOptions` that a tools-only server uses. */
export type ToolServerOptions = Pick<
  McpServerOptions,
  'instructions' | 'pageSize' | 'cache' | 'logging' | 'capabilities' | 'serverInfoInResults'
>

/**
 * A tools-only MCP server of 2026-07-28, for the smallest Workers: it answers `server/discover`, `tools/list`
 * and `tools/call` (arguments validated against `inputSchema`, `structuredContent` against `outputSchema`,
 * exactly as `McpServer` does: it is the same engine with fewer methods installed). It carries none of the
 * legacy revisions (no `initialize`, no sessions), no MRTR input rounds (a handler's `ctx.elicit`, `sample`
 * and `listRoots` reject), no resources, prompts, completion or `subscriptions/listen`. Serve it with
 * `createStatelessFetchHandler` of `@edgemcp/streamable-http/stateless`. Handlers still get `ctx.progress`,
 * `ctx.log`, `ctx.signal` and `ctx.authInfo`.
 *
 * @example
 * import { ToolServer } from '@edgemcp/core/tools-only'
 * const server = new ToolServer({ name: 'calc', version: '1.0.0' })
 * server.tool(
 *   'add',
 *   { inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] } },
 *   ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
 * )
 */
export class ToolServer {
  readonly #engine: ServerEngine

  /**
   * @param info the server's identity (`name`, `version`, optional `title`, `description`, `websiteUrl`,
   *   `icons`), sent to clients in `_meta` of `server/discover` and of every result.
   * @param options behaviour; every field optional (see `ToolServerOptions`).
   */
  constructor(info: Implementation, options: ToolServerOptions = {}) {
    this.#engine = new ServerEngine(this, info, options, TOOLS_ONLY)
    this.#engine.plainHandle = ToolServer.prototype.handle
  }

  /** The server's identity as given to the constructor. */
  get info(): Implementation {
    return this.#engine.info
  }

  /** Registers a tool, exactly as `McpServer.tool` does (same definition, same typing of the handler). */
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

  /** The capabilities of what is registered now. */
  capabilities(): JsonObject {
    return this.#engine.capabilities()
  }

  /**
   * Handles one inbound JSON value. Never throws. A request without the modern `_meta` (a legacy `initialize`
   * above all) gets the unsupported-protocol-version error (-32022, HTTP 400) listing 2026-07-28.
   */
  handle(value: unknown, options: HandleOptions = {}): Promise<HandleResult> {
    return Promise.resolve(handleInbound(this.#engine, value, options))
  }

  /** Ends requests in flight (aborts their `ctx.signal`). */
  close(): void {
    this.#engine.close()
  }
}

/** What a ToolServer installs on the engine: the tool methods and `server/discover`, 2026-07-28 only. */
const TOOLS_ONLY: EngineFeatures = {
  modern: { 'server/discover': DISCOVER, 'tools/list': LIST_TOOLS, 'tools/call': CALL_TOOL },
  // A legacy request (`initialize` above all) learns which revisions this server speaks.
  legacyRequest: (_core, request: JsonRpcRequest) =>
    errorResult(
      new UnsupportedProtocolVersionError(request.params?.protocolVersion, MODERN_VERSIONS),
      request.id,
      undefined,
      400,
    ),
  // Batches exist in 2025-03-26 only.
  batch: () =>
    Promise.resolve(
      refuse(`JSON-RPC batches are not supported on protocol version ${V2026_07_28}`, null, undefined),
    ),
}
