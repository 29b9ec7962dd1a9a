import type { McpTestClient } from '../client/test-client.js'
import {
  isObject,
  type Json,
  listNames,
  type MatcherContext,
  type MCPMatcherResult,
  preview,
} from './shared.js'

interface Kind {
  matcherName: string
  /** Singular noun for messages. */
  noun: string
  /** Key of the list in a list result (`tools`, `resources`, `prompts`). */
  key: string
  /** Capability that must be declared for the list to exist. */
  capability: string
  fetch(client: McpTestClient): Promise<Json[]>
  matches(item: Json, name: string): boolean
  label(item: Json): string
}

const isTestClient = (v: unknown): v is McpTestClient =>
  isObject(v) && typeof v.getTools === 'function' && typeof v.getInitializeResult === 'function'

/** The list out of an array, a list result or a list response; undefined when it is none of them. */
function listOf(received: unknown, key: string): Json[] | undefined {
  if (Array.isArray(received)) return received as Json[]
  if (!isObject(received)) return undefined
  if (Array.isArray(received[key])) return received[key] as Json[]
  if (isObject(received.result) && Array.isArray(received.result[key])) return received.result[key] as Json[]
  return undefined
}

function verdict(kind: Kind, items: Json[], name: string, where: string): MCPMatcherResult {
  const found = items.find((i) => kind.matches(i, name))
  return {
    pass: found !== undefined,
    message: () =>
      found
        ? `expected ${where} not to have ${kind.noun} ${JSON.stringify(name)}, but it does`
        : `expected ${where} to have ${kind.noun} ${JSON.stringify(name)}; it has: ${listNames(items.map(kind.label), `no ${kind.key}`)}`,
  }
}

async function fromClient(kind: Kind, client: McpTestClient, name: string): Promise<MCPMatcherResult> {
  if (!client.isInitialized()) await client.initialize()
  const caps = client.getServerCapabilities()
  if (caps[kind.capability] === undefined)
    return {
      pass: false,
      message: () =>
        `expected the server to have ${kind.noun} ${JSON.stringify(name)}, but it does not declare the "${kind.capability}" capability (it declares: ${listNames(Object.keys(caps), 'none')})`,
    }
  return verdict(kind, await kind.fetch(client), name, 'the server')
}

function matcher(kind: Kind) {
  return function (
    this: MatcherContext,
    received: unknown,
    name: string,
  ): MCPMatcherResult | Promise<MCPMatcherResult> {
    if (isTestClient(received)) return fromClient(kind, received, name)
    const items = listOf(received, kind.key)
    if (items) return verdict(kind, items, name, `the ${kind.key} list`)
    return {
      pass: false,
      message: () =>
        `${kind.matcherName} expects a test client (mcpShell, mcpHttp, mcpInProcess), a ${kind.key} array or a ${kind.key}/list result; received ${preview(received)}`,
    }
  }
}

const nameOf = (i: Json) => String(i.name)

/** `await expect(client).toHaveTool(name)` (also on a tools array or a tools/list result, synchronously). */
export const toHaveTool = matcher({
  matcherName: 'toHaveTool',
  noun: 'tool',
  key: 'tools',
  capability: 'tools',
  fetch: (c) => c.getTools() as Promise<Json[]>,
  matches: (i, name) => i.name === name,
  label: nameOf,
})

/** `await expect(client).toHaveResource(nameOrUri)`: a resource with this name or URI. */
export const toHaveResource = matcher({
  matcherName: 'toHaveResource',
  noun: 'resource',
  key: 'resources',
  capability: 'resources',
  fetch: (c) => c.getResources() as Promise<Json[]>,
  matches: (i, name) => i.name === name || i.uri === name,
  label: (i) => `${String(i.name)} (${String(i.uri)})`,
})

/** `await expect(client).toHavePrompt(name)`. */
export const toHavePrompt = matcher({
  matcherName: 'toHavePrompt',
  noun: 'prompt',
  key: 'prompts',
  capability: 'prompts',
  fetch: (c) => c.getPrompts() as Promise<Json[]>,
  matches: (i, name) => i.name === name,
  label: nameOf,
})
