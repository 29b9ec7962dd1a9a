import { compileSchema, type CompiledSchema } from './schema-validation.js'
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
import { UriMatcher } from './uri-match.js'

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

/** A handle to one registration: remove it, or enable/disable it; each change notifies list listeners. */
export interface Registration {
  remove(): void
}

const defined = (o: JsonObject): JsonObject =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))

/**
 * What a server offers. Insertion order is the listing order (deterministic, as 2026-07-28 server/tools asks);
 * every change bumps `version` and tells the listeners, which drop caches and send list_changed.
 */
export class Registry {
  readonly tools = new Map<string, RegisteredTool>()
  readonly resources = new Map<string, RegisteredResource>()
  readonly templates = new Map<string, RegisteredTemplate>()
  readonly prompts = new Map<string, RegisteredPrompt>()
  version = 0
  readonly #listeners = new Set<(kind: ListKind) => void>()

  onChange(listener: (kind: ListKind) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #changed(kind: ListKind): void {
    this.version++
    for (const l of this.#listeners) l(kind)
  }

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

  addTool(name: string, definition: ToolDefinition, handler: ToolHandler<any>): Registration {
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
    return this.#add(this.tools, name, { name, definition, input, output, handler, wire }, 'tools', 'Tool')
  }

  addResource(uri: string, metadata: ResourceMetadata, read: ResourceReader): Registration {
    const wire = defined({ uri, ...metadata })
    return this.#add(this.resources, uri, { uri, metadata, read, wire }, 'resources', 'Resource')
  }

  addTemplate(
    uriTemplate: string,
    definition: ResourceTemplateDefinition,
    read: TemplateReader,
  ): Registration {
    const { complete: _c, list: _l, ...metadata } = definition
    const wire = defined({ uriTemplate, ...metadata })
    const template = new UriMatcher(uriTemplate)
    return this.#add(
      this.templates,
      uriTemplate,
      { template, definition, read, wire },
      'resources',
      'Resource template',
    )
  }

  addPrompt(name: string, definition: PromptDefinition, handler: PromptHandler): Registration {
    const wire = defined({
      name,
      title: definition.title,
      description: definition.description,
      icons: definition.icons,
      arguments: definition.arguments,
      _meta: definition._meta,
    })
    return this.#add(this.prompts, name, { name, definition, handler, wire }, 'prompts', 'Prompt')
  }

  /** Finds the template that matches a concrete URI, with its variables. */
  matchTemplate(
    uri: string,
  ): { entry: RegisteredTemplate; variables: Record<string, string | string[]> } | undefined {
    for (const entry of this.templates.values()) {
      const variables = entry.template.match(uri)
      if (variables) return { entry, variables }
    }
    return undefined
  }
}
