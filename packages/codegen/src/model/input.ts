import { isObject } from './refs.js'
import { MAX_LISTED, schemaProblem } from './schema-limits.js'

/** One entry of a tools/list result, as far as codegen reads it. */
export interface RawTool {
  name: string
  title?: string
  description?: string
  inputSchema?: unknown
  outputSchema?: unknown
  annotations?: Record<string, unknown>
  /** As listed (kept in snapshots): `taskSupport` says a call may become a task (SEP-2663), or always does. */
  execution?: { taskSupport: 'optional' | 'required' }
  /**
   * As listed, only its MCP Apps part (SEP-1865): `_meta.ui.resourceUri` (a `ui://` URI; older servers' flat
   * `_meta["ui/resourceUri"]` is read into it) and `visibility`.
   */
  _meta?: { ui: RawToolUi }
}

/** A tool's MCP App: the `ui://` resource that renders its results, and who may call it. */
export interface RawToolUi {
  resourceUri: string
  visibility?: Array<'model' | 'app'>
}

export interface RawPromptArgument {
  name: string
  title?: string
  description?: string
  required?: boolean
}

export interface RawPrompt {
  name: string
  title?: string
  description?: string
  arguments?: RawPromptArgument[]
}

export interface RawResourceTemplate {
  name: string
  uriTemplate: string
  title?: string
  description?: string
  mimeType?: string
}

/** Everything a run generates from: the tools, and with `--with`, prompts and resource templates. */
export interface Listing {
  tools: RawTool[]
  prompts?: RawPrompt[]
  resourceTemplates?: RawResourceTemplate[]
  /**
   * Where a `--snapshot` file's listing was read from (a URL, a stdio command, a path). Generating from the
   * snapshot names that source in the header, so `--check` against the snapshot agrees with a file generated
   * from the server. Not part of the input hash.
   */
  source?: string
  /** What the server and codegen's client declared when the listing was read from a server (not hashed). */
  server?: ServerNote
}

/** The client capabilities a server may offer tools for, and `--capabilities` chooses from. */
export type ClientCapabilityName = 'elicitation' | 'roots' | 'sampling'
export const CLIENT_CAPABILITY_NAMES: readonly ClientCapabilityName[] = ['elicitation', 'roots', 'sampling']

/** What the generated header notes about the server a listing was read from (a `--snapshot` keeps it). */
export interface ServerNote {
  /** The server's capabilities: `tools`, and a flag set to true as `tools.listChanged`; sorted. */
  capabilities: string[]
  /** The capabilities codegen's client declared while listing; sorted. */
  clientCapabilities: ClientCapabilityName[]
  /** Tools the server listed only for a client declaring them (absent: none, or not checked). */
  capabilityTools?: string[]
}

/** A malformed input; its message is one line that names the bad spot. */
export class InputError extends Error {
  override readonly name = 'InputError'
}

/**
 * Accepts a bare `{ "tools": [...] }` (optionally with `prompts` and `resourceTemplates`), a JSON-RPC response
 * envelope around one, an array of such envelopes (one per page), or a plain array of tools.
 */
export function parseListing(value: unknown): Listing {
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((v) => isObject(v) && 'jsonrpc' in v)) {
      return mergeListings(value.map((page, i) => listingOf(unwrapEnvelope(page, `[${i}]`), `[${i}].result`)))
    }
    return { tools: readTools(value, 'tools') }
  }
  if (isObject(value) && ('jsonrpc' in value || 'result' in value || 'error' in value)) {
    return listingOf(unwrapEnvelope(value, 'response'), 'result')
  }
  return listingOf(value, 'input')
}

function unwrapEnvelope(envelope: unknown, where: string): unknown {
  if (!isObject(envelope)) throw new InputError(`${where} is not a JSON-RPC response object`)
  if (isObject(envelope.error)) {
    const { code, message } = envelope.error
    throw new InputError(`the server answered with error ${String(code)}: ${String(message)}`)
  }
  if (!('result' in envelope)) throw new InputError(`${where} has neither "result" nor "error"`)
  return envelope.result
}

function listingOf(value: unknown, where: string): Listing {
  if (!isObject(value)) throw new InputError(`${where} must be an object with a "tools" array`)
  if (!Array.isArray(value.tools)) throw new InputError(`${where}.tools must be an array`)
  const listing: Listing = { tools: readTools(value.tools, `${where}.tools`) }
  if (value.source !== undefined) {
    if (typeof value.source !== 'string') throw new InputError(`${where}.source must be a string`)
    listing.source = value.source
  }
  if (value.server !== undefined) listing.server = readServerNote(value.server, `${where}.server`)
  if (value.prompts !== undefined) listing.prompts = readPrompts(value.prompts, `${where}.prompts`)
  if (value.resourceTemplates !== undefined) {
    listing.resourceTemplates = readTemplates(value.resourceTemplates, `${where}.resourceTemplates`)
  }
  return listing
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')

function readServerNote(value: unknown, where: string): ServerNote {
  if (!isObject(value)) throw new InputError(`${where} must be an object`)
  const { capabilities, clientCapabilities, capabilityTools } = value
  if (!isStringArray(capabilities)) throw new InputError(`${where}.capabilities must be an array of strings`)
  if (
    !isStringArray(clientCapabilities) ||
    !clientCapabilities.every((c) => (CLIENT_CAPABILITY_NAMES as readonly string[]).includes(c))
  )
    throw new InputError(
      `${where}.clientCapabilities must list some of ${CLIENT_CAPABILITY_NAMES.join(', ')}`,
    )
  const note: ServerNote = { capabilities, clientCapabilities: clientCapabilities as ClientCapabilityName[] }
  if (capabilityTools !== undefined) {
    if (!isStringArray(capabilityTools))
      throw new InputError(`${where}.capabilityTools must be an array of strings`)
    note.capabilityTools = capabilityTools
  }
  return note
}

/** Concatenates pages, checking that no name appears twice. */
export function mergeListings(pages: Listing[]): Listing {
  const merged: Listing = { tools: pages.flatMap((p) => p.tools) }
  if (pages.some((p) => p.prompts)) merged.prompts = pages.flatMap((p) => p.prompts ?? [])
  if (pages.some((p) => p.resourceTemplates)) {
    merged.resourceTemplates = pages.flatMap((p) => p.resourceTemplates ?? [])
  }
  assertUnique(merged.tools, 'tool')
  assertUnique(merged.prompts ?? [], 'prompt')
  return merged
}

function assertUnique(items: Array<{ name: string }>, what: string): void {
  if (items.length > MAX_LISTED)
    throw new InputError(`the listing has ${items.length} ${what}s; codegen takes at most ${MAX_LISTED}`)
  const seen = new Set<string>()
  for (const { name } of items) {
    if (seen.has(name)) throw new InputError(`${what} name ${JSON.stringify(name)} appears twice`)
    seen.add(name)
  }
}

function readName(item: Record<string, unknown>, where: string): string {
  if (typeof item.name !== 'string' || item.name === '') {
    throw new InputError(`${where}.name must be a non-empty string`)
  }
  return item.name
}

function copyText(from: Record<string, unknown>, to: Record<string, unknown>, keys: string[]): void {
  for (const key of keys) if (typeof from[key] === 'string') to[key] = from[key]
}

/** A `ui://` URI as generated comments and literals may hold it: no white space, no comment end. */
const APP_URI = /^ui:\/\/[^\s*]+$/

/** A tool's MCP App out of its `_meta`, or undefined when it has none (or one that breaks the rules). */
function toolUiOf(meta: unknown): RawToolUi | undefined {
  if (!isObject(meta)) return undefined
  const ui = isObject(meta.ui) ? meta.ui : {}
  const uri = ui.resourceUri ?? meta['ui/resourceUri']
  if (typeof uri !== 'string' || !APP_URI.test(uri)) return undefined
  const out: RawToolUi = { resourceUri: uri }
  const visibility = ui.visibility
  if (
    Array.isArray(visibility) &&
    visibility.length > 0 &&
    visibility.every((v) => v === 'model' || v === 'app')
  )
    out.visibility = [...new Set(visibility as Array<'model' | 'app'>)]
  return out
}

function readTools(items: unknown[], where: string): RawTool[] {
  const tools = items.map((item, i): RawTool => {
    const at = `${where}[${i}]`
    if (!isObject(item)) throw new InputError(`${at} must be an object`)
    const tool: RawTool = { name: readName(item, at) }
    copyText(item, tool as unknown as Record<string, unknown>, ['title', 'description'])
    for (const key of ['inputSchema', 'outputSchema'] as const) {
      const schema = item[key]
      if (schema === undefined) continue
      if (!isObject(schema) && typeof schema !== 'boolean')
        throw new InputError(`${at}.${key} must be an object`)
      const problem = schemaProblem(schema, key)
      if (problem) throw new InputError(`tool ${JSON.stringify(tool.name)}: ${problem}`)
      tool[key] = schema
    }
    if (isObject(item.annotations)) tool.annotations = item.annotations
    const support = isObject(item.execution) ? item.execution.taskSupport : undefined
    if (support === 'optional' || support === 'required') tool.execution = { taskSupport: support }
    const ui = toolUiOf(item._meta)
    if (ui) tool._meta = { ui }
    return tool
  })
  assertUnique(tools, 'tool')
  return tools
}

function readPrompts(items: unknown, where: string): RawPrompt[] {
  if (!Array.isArray(items)) throw new InputError(`${where} must be an array`)
  return items.map((item, i): RawPrompt => {
    const at = `${where}[${i}]`
    if (!isObject(item)) throw new InputError(`${at} must be an object`)
    const prompt: RawPrompt = { name: readName(item, at) }
    copyText(item, prompt as unknown as Record<string, unknown>, ['title', 'description'])
    if (item.arguments !== undefined) {
      if (!Array.isArray(item.arguments)) throw new InputError(`${at}.arguments must be an array`)
      prompt.arguments = item.arguments.map((arg, j) => {
        const argAt = `${at}.arguments[${j}]`
        if (!isObject(arg)) throw new InputError(`${argAt} must be an object`)
        const out: RawPromptArgument = { name: readName(arg, argAt) }
        copyText(arg, out as unknown as Record<string, unknown>, ['title', 'description'])
        if (arg.required === true) out.required = true
        return out
      })
      // Two arguments of one name would be two properties of one name in the generated type (L2).
      assertUnique(prompt.arguments, `prompt ${JSON.stringify(prompt.name)} argument`)
    }
    return prompt
  })
}

function readTemplates(items: unknown, where: string): RawResourceTemplate[] {
  if (!Array.isArray(items)) throw new InputError(`${where} must be an array`)
  return items.map((item, i): RawResourceTemplate => {
    const at = `${where}[${i}]`
    if (!isObject(item)) throw new InputError(`${at} must be an object`)
    if (typeof item.uriTemplate !== 'string') throw new InputError(`${at}.uriTemplate must be a string`)
    const template: RawResourceTemplate = { name: readName(item, at), uriTemplate: item.uriTemplate }
    copyText(item, template as unknown as Record<string, unknown>, ['title', 'description', 'mimeType'])
    return template
  })
}
