/**
 * Types of the test client. The `MCP*` names and shapes are those of expect-mcp's type page, so tests written
 * for it compile unchanged; the extra types cover what edgemcp adds (prompts, templates, completions, ...).
 */

/** JSON-RPC response returned by an MCP request. */
export interface MCPResponse {
  jsonrpc: '2.0'
  id: string | number | null
  result?: MCPResult
  error?: MCPError
}

/** Successful MCP response payload. */
export interface MCPResult {
  content?: MCPContentMessage[]
  data?: unknown
  [key: string]: unknown
}

/** Shape of an MCP error, following the JSON-RPC structure used by MCP servers. */
export interface MCPError {
  code: number
  message: string
  data?: unknown
}

/** Individual response message chunk returned by an MCP tool (expect-mcp's loose shape). */
export interface MCPContentMessage {
  role: string
  type: string
  content: unknown
}

/** Defines the capabilities that an MCP server or client supports. */
export interface MCPCapabilities {
  tools?: { listChanged?: boolean }
  resources?: { subscribe?: boolean; listChanged?: boolean }
  prompts?: { listChanged?: boolean }
  logging?: { level?: string }
  completions?: Record<string, unknown>
  experimental?: Record<string, unknown>
  [key: string]: unknown
}

/** Parameters sent during MCP initialization. */
export interface MCPInitializeParams {
  protocolVersion: string
  capabilities: MCPCapabilities
  clientInfo: { name: string; version: string; [key: string]: unknown }
}

/** Result returned from MCP initialization (for 2026-07-28, built from the `server/discover` result). */
export interface MCPInitializeResult {
  protocolVersion: string
  capabilities: MCPCapabilities
  serverInfo: { name: string; version: string; [key: string]: unknown }
  instructions?: string
  /** 2026-07-28 only: the versions `server/discover` listed. */
  supportedVersions?: string[]
  [key: string]: unknown
}

/** Represents a tool provided by an MCP server. */
export interface MCPTool {
  name: string
  title?: string
  description?: string
  inputSchema: {
    type: 'object'
    properties?: Record<string, any>
    required?: string[]
    [key: string]: unknown
  }
  outputSchema?: Record<string, unknown>
  annotations?: Record<string, unknown>
  [key: string]: unknown
}

/** Represents a resource provided by an MCP server. */
export interface MCPResource {
  uri: string
  name: string
  title?: string
  description?: string
  mimeType?: string
  [key: string]: unknown
}

/** A resource template (RFC 6570 URI template). */
export interface MCPResourceTemplate {
  uriTemplate: string
  name: string
  title?: string
  description?: string
  mimeType?: string
  [key: string]: unknown
}

/** A prompt and its arguments. */
export interface MCPPrompt {
  name: string
  title?: string
  description?: string
  arguments?: Array<{ name: string; description?: string; required?: boolean; [key: string]: unknown }>
  [key: string]: unknown
}

/** Result from listing tools on an MCP server. */
export interface MCPToolsListResult {
  tools: MCPTool[]
  nextCursor?: string
}

/** Result from listing resources on an MCP server. */
export interface MCPResourcesListResult {
  resources: MCPResource[]
  nextCursor?: string
}

export interface MCPResourceTemplatesListResult {
  resourceTemplates: MCPResourceTemplate[]
  nextCursor?: string
}

export interface MCPPromptsListResult {
  prompts: MCPPrompt[]
  nextCursor?: string
}

/** A content block of a tool result or prompt message (text, image, audio, resource, resource_link). */
export interface MCPContentBlock {
  type: string
  text?: string
  data?: string
  mimeType?: string
  uri?: string
  resource?: Record<string, unknown>
  [key: string]: unknown
}

/** `tools/call` result. `isError: true` is a tool execution error (not a protocol error). */
export interface MCPCallToolResult {
  content: MCPContentBlock[]
  structuredContent?: unknown
  isError?: boolean
  [key: string]: unknown
}

export interface MCPResourceContents {
  uri: string
  mimeType?: string
  text?: string
  blob?: string
  [key: string]: unknown
}

export interface MCPReadResourceResult {
  contents: MCPResourceContents[]
  [key: string]: unknown
}

export interface MCPGetPromptResult {
  description?: string
  messages: Array<{ role: string; content: MCPContentBlock }>
  [key: string]: unknown
}

export interface MCPCompleteResult {
  completion: { values: string[]; total?: number; hasMore?: boolean }
  [key: string]: unknown
}

/** What `completion/complete` completes: a prompt argument or a resource template variable. */
export type MCPCompletionReference =
  | { type: 'ref/prompt'; name: string }
  | { type: 'ref/resource'; uri: string }

/** A notification the server sent. */
export interface MCPNotification {
  jsonrpc: '2.0'
  method: string
  params?: Record<string, unknown>
}

/** How the server process (or connection) ended. `code` is 0 for an in-process or HTTP server closed cleanly. */
export interface MCPExitInfo {
  code: number | null
  signal: string | null
}

/** Options of `close()`. */
export interface MCPCloseOptions {
  /**
   * How long to wait for a stdio server to exit after its input is closed before sending SIGTERM, and again
   * after SIGTERM before SIGKILL. Default 3000 ms (so even a server that ignores SIGTERM is gone within
   * Vitest's default 10 s hook timeout).
   */
  timeoutMs?: number
  /**
   * Reject with `ServerExitError` unless the server exited by itself, with code 0, once its input was closed,
   * and wrote nothing but JSON-RPC on stdout. Default false: `close()` resolves however the server ended.
   */
  strict?: boolean
}

/** What `close()` resolves with: how the server ended. */
export interface MCPCloseResult extends MCPExitInfo {
  /**
   * True when the server did not exit once its input was closed and `close()` had to send SIGTERM (and, if
   * that was not enough, SIGKILL): the spec's stdio shutdown sequence. `signal` then says which one ended it.
   */
  forced: boolean
  /** The last lines the server wrote on stderr ('' when it wrote none, or for HTTP and in-process servers). */
  stderrTail: string
}

/** Options common to every harness. */
export interface MCPTestClientOptions {
  /** Timeout of each request in milliseconds. Default 5000. */
  requestTimeout?: number
  /**
   * Print every frame with its direction, and tolerate non-JSON lines on a stdio server's stdout (printed
   * instead of failing the pending requests). Default false.
   */
  allowDebugLogging?: boolean
  /**
   * Protocol revision to speak: a legacy revision (`initialize` handshake), `'2026-07-28'` (per-request `_meta`;
   * `initialize()` sends `server/discover`), or `'auto'` (probe with `server/discover`, fall back to
   * `initialize`). Default `'2025-11-25'`.
   */
  protocolVersion?: string
  clientInfo?: { name: string; version: string }
  /**
   * Capabilities to declare besides those the client answers (`experimental`, `extensions`, …). `roots` is
   * always declared, `elicitation` and `sampling` when `onElicit` / `onSample` are given; without its handler a
   * capability is not declared (the server would ask for what nobody answers).
   */
  capabilities?: Record<string, unknown>
  /** Answers `elicitation/create` (legacy request or 2026-07-28 input request). */
  onElicit?: (params: Record<string, unknown>) => unknown | Promise<unknown>
  /** Answers `sampling/createMessage`. */
  onSample?: (params: Record<string, unknown>) => unknown | Promise<unknown>
  /** Roots answered to `roots/list`. Default none. */
  roots?: Array<{ uri: string; name?: string }>
  /**
   * Honour the server's cache hints as a production client does (2026-07-28 `ttlMs` / `cacheScope`, SEP-2549;
   * `resultCache()` of `@edgemcp/core/cache`): a list or read repeated within `ttlMs` is answered from the
   * cache until a list-changed notification. Default false: every call reaches the server under test.
   */
  cache?: boolean
  /**
   * Take tasks (SEP-2663, 2026-07-28): the client declares `io.modelcontextprotocol/tasks`, so a server may
   * answer `tools/call` with a task; `callTool` then waits for it (polling, input answered with `onElicit` /
   * `onSample`) and resolves with the final result, and `callToolTask` hands back the task. Default false.
   */
  tasks?: boolean
  /** How long `callTool` and `waitForStatus` wait for a task (a hang guard; the task is then cancelled). Default 30000. */
  taskTimeout?: number
  /** Where debug lines go. Default `console.log`. */
  logger?: (line: string) => void
}

/** Options of a spawned harness, as in expect-mcp (which extends its JsonRpcSubprocessOptions). */
export interface JsonRpcSubprocessOptions {
  /** Extra environment variables for the child (merged over `process.env`). */
  env?: Record<string, string | undefined>
  cwd?: string
}

/** Configuration options for creating an MCP subprocess (`mcpShell`). */
export interface MCPStdinSubprocessOptions extends JsonRpcSubprocessOptions, MCPTestClientOptions {
  requestTimeout?: number
  allowDebugLogging?: boolean
}
