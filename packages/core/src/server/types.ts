import type { RequestId } from '../jsonrpc/types.js'
import type { SchemaInput } from './schema-validation.js'

/** Loose, era-neutral shapes for handler authors. The exact per-revision shapes are in `../types/`. */
export type JsonObject = Record<string, unknown>

export interface Implementation {
  name: string
  version: string
  title?: string
  description?: string
  websiteUrl?: string
  icons?: Icon[]
}

export interface Icon {
  src: string
  mimeType?: string
  sizes?: string[]
  theme?: 'light' | 'dark'
}

export type LoggingLevel =
  | 'debug'
  | 'info'
  | 'notice'
  | 'warning'
  | 'error'
  | 'critical'
  | 'alert'
  | 'emergency'
export const LOGGING_LEVELS: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
]

export const isLoggingLevel = (v: unknown): v is LoggingLevel => LOGGING_LEVELS.includes(v as LoggingLevel)

/** What a logging level must be, for error messages. */
export const loggingLevelsExpected = () => `must be one of ${LOGGING_LEVELS.join(', ')}`

export interface Annotations {
  audience?: Array<'user' | 'assistant'>
  priority?: number
  lastModified?: string
}

export type ContentBlock =
  | { type: 'text'; text: string; annotations?: Annotations; _meta?: JsonObject }
  | { type: 'image'; data: string; mimeType: string; annotations?: Annotations; _meta?: JsonObject }
  | { type: 'audio'; data: string; mimeType: string; annotations?: Annotations; _meta?: JsonObject }
  | { type: 'resource'; resource: ResourceContents; annotations?: Annotations; _meta?: JsonObject }
  | ({ type: 'resource_link'; uri: string; name: string } & Partial<ResourceMetadata>)

export type ResourceContents =
  | { uri: string; mimeType?: string; text: string; _meta?: JsonObject }
  | { uri: string; mimeType?: string; blob: string; _meta?: JsonObject }

export interface CallToolResult {
  content?: ContentBlock[]
  structuredContent?: unknown
  isError?: boolean
  _meta?: JsonObject
}

export interface ToolAnnotations {
  title?: string
  readOnlyHint?: boolean
  destructiveHint?: boolean
  idempotentHint?: boolean
  openWorldHint?: boolean
}

/**
 * A tool's metadata and schemas. `inputSchema` types the handler's arguments and `outputSchema` the
 * `structuredContent` it returns, when they are Standard Schemas or JSON Schema literals (see `InferJsonSchema`).
 */
export interface ToolDefinition<
  In extends SchemaInput | undefined = SchemaInput | undefined,
  Out extends SchemaInput | undefined = SchemaInput | undefined,
> {
  title?: string
  description?: string
  icons?: Icon[]
  annotations?: ToolAnnotations
  inputSchema?: In
  outputSchema?: Out
  _meta?: JsonObject
  /**
   * Whether a call may become a task (SEP-2663; needs the server's `tasks` option). `'optional'`: a task when
   * the client declared the tasks extension, otherwise an ordinary call. `'required'`: a client without the
   * extension gets error -32021. The handler stays the same function either way.
   */
  task?: TaskSupport
}

/**
 * A tool's task support: `'optional'`, `'required'`, or an object whose `startedByHandler: true` lets the
 * handler run inside the request (MRTR input rounds included) until it calls `ctx.startTask()`.
 */
export type TaskSupport =
  | 'optional'
  | 'required'
  | { support: 'optional' | 'required'; startedByHandler?: boolean }

/**
 * The tasks extension of a server: made by `taskExtension()` of `@edgemcp/core/tasks`, given as
 * `new McpServer(info, { tasks })`. Opaque.
 */
export interface TaskExtension {
  readonly extension: 'io.modelcontextprotocol/tasks'
}

export interface ResourceMetadata {
  name: string
  title?: string
  description?: string
  mimeType?: string
  size?: number
  icons?: Icon[]
  annotations?: Annotations
  _meta?: JsonObject
}

export interface ReadResourceResult {
  contents: ResourceContents[]
  _meta?: JsonObject
}

export interface PromptArgument {
  name: string
  title?: string
  description?: string
  required?: boolean
}

export interface PromptMessage {
  role: 'user' | 'assistant'
  content: ContentBlock
}

export interface GetPromptResult {
  description?: string
  messages: PromptMessage[]
  _meta?: JsonObject
}

/**
 * Completes one argument or template variable from the partial value typed so far; `ctx` is the request's
 * (e.g. `ctx.authInfo`, for values that depend on who asks).
 */
export type Completer = (
  value: string,
  context: { arguments: Record<string, string> },
  ctx: RequestContext,
) => string[] | Promise<string[]>

export interface PromptDefinition {
  title?: string
  description?: string
  icons?: Icon[]
  arguments?: PromptArgument[]
  /** Completers per argument name. */
  complete?: Record<string, Completer>
  _meta?: JsonObject
}

export interface ResourceTemplateDefinition extends Omit<ResourceMetadata, 'size'> {
  /** Completers per template variable. */
  complete?: Record<string, Completer>
  /** Lists the concrete resources of this template in resources/list; `ctx` is the request's. */
  list?: (
    ctx: RequestContext,
  ) => Array<ResourceMetadata & { uri: string }> | Promise<Array<ResourceMetadata & { uri: string }>>
}

export interface ElicitFormParams {
  mode?: 'form'
  message: string
  requestedSchema: JsonObject
}
export interface ElicitUrlParams {
  mode: 'url'
  message: string
  url: string
  /** 2025-11-25 only: correlates the `notifications/elicitation/complete`. Generated when absent. */
  elicitationId?: string
}
export type ElicitParams = ElicitFormParams | ElicitUrlParams
export interface ElicitResult {
  action: 'accept' | 'decline' | 'cancel'
  content?: Record<string, unknown>
  _meta?: JsonObject
}

export interface CreateMessageParams {
  messages: Array<{ role: 'user' | 'assistant'; content: unknown }>
  maxTokens: number
  systemPrompt?: string
  modelPreferences?: JsonObject
  temperature?: number
  stopSequences?: string[]
  includeContext?: 'none' | 'thisServer' | 'allServers'
  metadata?: JsonObject
  tools?: unknown[]
  toolChoice?: unknown
}
export interface CreateMessageResult {
  role: 'assistant' | 'user'
  content: unknown
  model: string
  stopReason?: string
  _meta?: JsonObject
}

export interface Root {
  uri: string
  name?: string
}
export interface ListRootsResult {
  roots: Root[]
}

export interface RequestOptions {
  /** Milliseconds before a server→client request gives up (legacy era). */
  timeoutMs?: number
  /**
   * The key of this input request in a 2026-07-28 `input_required` result (and of its answer in the retry's
   * `inputResponses`). Defaults to `<kind>-<n>` for the handler's n-th unnamed call. Ignored in the legacy era.
   */
  key?: string
}

/** The context every handler receives, the same in both eras. */
export interface RequestContext {
  readonly requestId: RequestId
  readonly method: string
  readonly era: 'legacy' | 'modern'
  readonly protocolVersion: string
  readonly clientInfo: Implementation | undefined
  readonly clientCapabilities: JsonObject
  /** Legacy-era session id, when the transport has one. */
  readonly sessionId: string | undefined
  /** The verified principal a transport's auth middleware attached, if any. */
  readonly authInfo: unknown
  /**
   * Aborts when the client cancels (`tasks/cancel` for a task), the transport drops, or the round ends for more
   * input (MRTR).
   */
  readonly signal: AbortSignal
  /** The task this call runs as (SEP-2663), if it runs as one. */
  readonly taskId: string | undefined
  /**
   * Turns this call into a task from here on, for a tool registered with `task: { startedByHandler: true }`:
   * the request is answered with the task, and the task replays the handler (with the input gathered so far)
   * where it runs. Keep the code before it free of side effects. Resolves at once when the call runs as a task
   * already, or cannot become one (the client did not declare the extension).
   */
  startTask(): Promise<void>
  /** Asks the user for input: a server→client request (legacy) or an MRTR round (modern). */
  elicit(params: ElicitParams, options?: RequestOptions): Promise<ElicitResult>
  /** Asks the client's model for a completion. */
  sample(params: CreateMessageParams, options?: RequestOptions): Promise<CreateMessageResult>
  /** Asks the client for its roots. */
  listRoots(options?: RequestOptions): Promise<ListRootsResult>
  /** Reports progress when the request carried a progress token; otherwise does nothing. */
  progress(progress: number, total?: number, message?: string): Promise<void>
  /** Sends a log message when the client's log level lets it through. */
  log(level: LoggingLevel, data: unknown, logger?: string): Promise<void>
}

export type ToolHandler<Args = Record<string, unknown>, Result extends CallToolResult = CallToolResult> = (
  args: Args,
  ctx: RequestContext,
) => Result | Promise<Result>

export type ResourceReader = (
  uri: string,
  ctx: RequestContext,
) => ReadResourceResult | Promise<ReadResourceResult>
export type TemplateReader = (
  uri: string,
  variables: Record<string, string | string[]>,
  ctx: RequestContext,
) => ReadResourceResult | Promise<ReadResourceResult>
export type PromptHandler = (
  args: Record<string, string>,
  ctx: RequestContext,
) => GetPromptResult | Promise<GetPromptResult>
