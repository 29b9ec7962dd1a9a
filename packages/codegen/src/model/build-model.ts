import { breakAliasCycles } from './alias-cycles.js'
import { convertSchema } from './convert.js'
import { DefinitionRegistry } from './definitions.js'
import { docOf } from './docs.js'
import { createNameFilter } from './glob.js'
import {
  assignIdentifiers,
  camelIdentifier,
  compareCodeUnits,
  GLOBAL_TYPE_NAMES,
  kebabFileName,
  NameAllocator,
  typeBaseOf,
} from './identifiers.js'
import {
  InputError,
  type Listing,
  type RawPrompt,
  type RawResourceTemplate,
  type ServerNote,
} from './input.js'
import { schemaProblem } from './schema-limits.js'
import type { SchemaDocument } from './refs.js'
import type { Doc, JsonValue, NamedType, TypeNode } from './type-node.js'
import { type TemplateVariable, templateVariables } from './uri-template.js'

export interface ModelOptions {
  /** Named in the header of every generated file. */
  source: string
  /** A hash of the raw input, also named in the header. */
  inputHash: string
  include?: readonly string[]
  exclude?: readonly string[]
  prompts?: boolean
  resources?: boolean
  /** Raw tool name → identifier (`--rename old=new`). */
  rename?: ReadonlyMap<string, string>
  validate?: boolean
  /** Emit `connect(url | transport, options)` (default true; `--no-connect` leaves it out). */
  connect?: boolean
}

export interface ToolModel {
  /** The raw name: what goes on the wire. */
  name: string
  identifier: string
  fileName: string
  title?: string
  description?: string
  annotations: Record<string, JsonValue>
  input: NamedType
  /** True when the arguments object may be left out (no required property). */
  argsOptional: boolean
  output?: NamedType
  inputSchema: unknown
  outputSchema?: unknown
  /** The tool may run as a task (listed `execution.taskSupport`): its function takes `{ task: true }`. */
  taskSupport?: 'optional' | 'required'
  /** Its MCP App (listed `_meta.ui`): the `ui://` resource and who may call it (default model and app). */
  app?: { resourceUri: string; visibility: Array<'model' | 'app'> }
}

export interface PromptModel {
  name: string
  identifier: string
  argsType: string
  title?: string
  description?: string
  arguments: Array<{ name: string; required: boolean; doc: Doc }>
}

export interface ResourceTemplateModel {
  name: string
  identifier: string
  variablesType: string
  uriTemplate: string
  title?: string
  description?: string
  mimeType?: string
  variables: TemplateVariable[]
}

export interface CodegenModel {
  source: string
  inputHash: string
  validate: boolean
  /** Whether `connect()` is emitted (it imports McpClient and the HTTP transports at run time). */
  connect: boolean
  /** What the server declared when the listing was read from it, for the header. */
  server?: ServerNote
  tools: ToolModel[]
  definitions: NamedType[]
  prompts?: PromptModel[]
  resourceTemplates?: ResourceTemplateModel[]
  warnings: string[]
}

/** Values the generated module declares itself; no tool, prompt or resource function may take them. */
export const RUNTIME_VALUES = [
  'createClient',
  'connect',
  // Members of what connect() resolves to, beside the generated methods.
  'client',
  'close',
  'McpClient',
  'FallbackClientTransport',
  'invokeTool',
  'toolAnnotations',
  'toolNames',
  'ToolCallError',
  'ToolValidationError',
  'expandUriTemplate',
  'validatorFor',
  'validators',
  'assertValid',
  // With task-capable tools.
  'callToolTask',
  'clientTasks',
  'startToolTask',
]
/** Types the generated module declares itself. */
export const RUNTIME_TYPES = [
  'CallOptions',
  'ConnectOptions',
  'ConnectedClient',
  'FallbackTransportOptions',
  'Implementation',
  'McpClient',
  'McpClientOptions',
  'Transport',
  'CallResult',
  'CallToolResult',
  'GetPromptResult',
  'PromptGetter',
  'ReadResourceResult',
  'RequestOptions',
  'ResourceReader',
  'ToolAnnotations',
  'ToolContent',
  'ToolSchemas',
  'ToolCaller',
  'ToolCallError',
  'ToolMap',
  'ToolName',
  'ToolResult',
  'ToolsClient',
  'ToolValidationError',
  'OutputUnit',
  'Schema',
  'SchemaDraft',
  'Validator',
  'TaskCallOptions',
  'TaskOr',
  'ToolTask',
  'ToolTaskClient',
  'ToolTaskHandle',
]

/** Listing → one schema model for every tool (pure: no file system, no ts-morph). */
export function buildModel(listing: Listing, options: ModelOptions): CodegenModel {
  const warnings: string[] = []
  const keep = createNameFilter(options.include ?? [], options.exclude ?? [])
  const tools = listing.tools.filter((t) => keep(t.name)).sort((a, b) => compareCodeUnits(a.name, b.name))
  const prompts = options.prompts
    ? [...(listing.prompts ?? [])].sort((a, b) => compareCodeUnits(a.name, b.name))
    : []
  const templates = options.resources
    ? [...(listing.resourceTemplates ?? [])].sort((a, b) => compareCodeUnits(a.name, b.name))
    : []

  const rawNames = [
    ...tools.map((t) => `tool:${t.name}`),
    ...prompts.map((p) => `prompt:${p.name}`),
    ...templates.map((r) => `resource:${r.name}`),
  ]
  const fixed = new Map<string, string>()
  for (const [from, to] of options.rename ?? []) fixed.set(`tool:${from}`, to)
  const identifiers = assignIdentifiers(rawNames, functionCandidate, {
    fixed,
    taken: RUNTIME_VALUES,
    isExact: (key, name) => key === `tool:${name}`,
  })

  const types = new NameAllocator([...RUNTIME_TYPES, ...GLOBAL_TYPE_NAMES])
  const files = new NameAllocator(['index', 'runtime', 'types', 'prompts', 'resources'])
  const definitions = new DefinitionRegistry(types, (message) => warnings.push(message))

  const planned = tools.map((tool) => {
    const identifier = identifiers.get(`tool:${tool.name}`)!
    const base = typeBaseOf(identifier)
    return {
      tool,
      identifier,
      inputName: types.allocate(`${base}Input`),
      outputName: tool.outputSchema === undefined ? undefined : types.allocate(`${base}Output`),
      fileName: files.allocate(kebabFileName(identifier)),
    }
  })
  const promptModels = prompts.map((p) => promptModel(p, identifiers.get(`prompt:${p.name}`)!, types))
  const templateModels = templates.map((r) => templateModel(r, identifiers.get(`resource:${r.name}`)!, types))

  const toolModels = planned.map(({ tool, identifier, inputName, outputName, fileName }): ToolModel => {
    const inputSchema = tool.inputSchema ?? { type: 'object' }
    // parseListing checks this too; a listing built in code reaches here unchecked.
    for (const field of ['inputSchema', 'outputSchema'] as const) {
      const problem = schemaProblem(tool[field], field)
      if (problem) throw new InputError(`tool ${JSON.stringify(tool.name)}: ${problem}`)
    }
    const input = namedRoot(inputSchema, inputName, `${tool.name} inputSchema`, definitions)
    const model: ToolModel = {
      name: tool.name,
      identifier,
      fileName,
      annotations: (tool.annotations ?? {}) as Record<string, JsonValue>,
      input,
      argsOptional: !hasRequired(input.type),
      inputSchema,
    }
    if (tool.title !== undefined) model.title = tool.title
    if (tool.description !== undefined) model.description = tool.description
    if (tool.execution !== undefined) model.taskSupport = tool.execution.taskSupport
    if (tool._meta !== undefined)
      model.app = {
        resourceUri: tool._meta.ui.resourceUri,
        visibility: tool._meta.ui.visibility ?? ['model', 'app'],
      }
    if (outputName !== undefined) {
      model.output = namedRoot(tool.outputSchema, outputName, `${tool.name} outputSchema`, definitions)
      model.outputSchema = tool.outputSchema
    }
    return model
  })

  const named = definitions.drain((schema, doc) => convertSchema(schema, { doc, definitions }))
  breakAliasCycles(
    [...toolModels.flatMap((t) => (t.output ? [t.input, t.output] : [t.input])), ...named],
    (message) => warnings.push(message),
  )
  const model: CodegenModel = {
    source: options.source,
    inputHash: options.inputHash,
    validate: options.validate ?? false,
    connect: options.connect ?? true,
    tools: toolModels,
    definitions: [...named].sort((a, b) => compareCodeUnits(a.name, b.name)),
    warnings,
  }
  if (listing.server) model.server = listing.server
  if (options.prompts) model.prompts = promptModels
  if (options.resources) model.resourceTemplates = templateModels
  return model
}

function functionCandidate(key: string): string {
  const colon = key.indexOf(':')
  const kind = key.slice(0, colon)
  const raw = key.slice(colon + 1)
  if (kind === 'prompt') return camelIdentifier(`get ${raw} prompt`)
  if (kind === 'resource') return camelIdentifier(`read ${raw} resource`)
  return camelIdentifier(raw)
}

function namedRoot(schema: unknown, name: string, id: string, definitions: DefinitionRegistry): NamedType {
  const doc: SchemaDocument = { id, root: schema, rootName: name }
  return { name, type: convertSchema(schema, { doc, definitions }), doc: docOf(schema) }
}

/** Whether a caller must pass arguments: some branch of the input type has a required property. */
function hasRequired(type: TypeNode): boolean {
  switch (type.kind) {
    case 'object':
      return type.properties.some((p) => p.required)
    case 'union':
      return type.members.every(hasRequired)
    case 'intersection':
      return type.members.some(hasRequired)
    case 'ref':
      // A referenced input shape may require anything; make the caller say what they mean.
      return true
    case 'keyword':
      return type.name !== 'unknown'
    default:
      return true
  }
}

function promptModel(prompt: RawPrompt, identifier: string, types: NameAllocator): PromptModel {
  const model: PromptModel = {
    name: prompt.name,
    identifier,
    argsType: types.allocate(`${typeBaseOf(identifier)}Args`),
    arguments: (prompt.arguments ?? []).map((a) => ({
      name: a.name,
      required: a.required === true,
      doc: docOf(a),
    })),
  }
  if (prompt.title !== undefined) model.title = prompt.title
  if (prompt.description !== undefined) model.description = prompt.description
  return model
}

function templateModel(
  template: RawResourceTemplate,
  identifier: string,
  types: NameAllocator,
): ResourceTemplateModel {
  const model: ResourceTemplateModel = {
    name: template.name,
    identifier,
    variablesType: types.allocate(`${typeBaseOf(identifier)}Variables`),
    uriTemplate: template.uriTemplate,
    variables: templateVariables(template.uriTemplate),
  }
  for (const key of ['title', 'description', 'mimeType'] as const) {
    const value = template[key]
    if (value !== undefined) model[key] = value
  }
  return model
}
