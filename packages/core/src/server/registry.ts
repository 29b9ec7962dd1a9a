import type { CompiledSchema } from './schema-validation.js'
import type {
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
import type { UriMatcher } from './uri-match.js'

export type ListKind = 'tools' | 'prompts' | 'resources'

export interface RegisteredTool {
  name: string
  definition: ToolDefinition
  input: CompiledSchema
  output: CompiledSchema | undefined
  handler: ToolHandler<any>
  /** The Tool object as listed (all fields; revision filtering happens at listing time). */
  wire: JsonObject
}

export interface RegisteredResource {
  uri: string
  metadata: ResourceMetadata
  read: ResourceReader
  wire: JsonObject
}

export interface RegisteredTemplate {
  template: UriMatcher
  definition: ResourceTemplateDefinition
  read: TemplateReader
  wire: JsonObject
}

export interface RegisteredPrompt {
  name: string
  definition: PromptDefinition
  handler: PromptHandler
  wire: JsonObject
}

/** A handle to one registration: `remove()` takes it back out (and notifies list listeners). */
export interface Registration {
  remove(): void
}

/**
 * What a server offers, filled by the McpServer's `tool()`, `resource()`, … Insertion order is the listing
 * order (deterministic, as 2026-07-28 server/tools asks); every change bumps `version`.
 */
export interface Registry {
  readonly tools: Map<string, RegisteredTool>
  readonly resources: Map<string, RegisteredResource>
  readonly templates: Map<string, RegisteredTemplate>
  readonly prompts: Map<string, RegisteredPrompt>
  version: number
}

/** The listed (wire) form of a registration: its defined fields only. */
export const defined = (o: JsonObject): JsonObject =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))
