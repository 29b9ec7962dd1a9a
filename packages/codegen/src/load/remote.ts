import { type AuthProvider, McpClient, type McpClientOptions } from '@edgemcp/core'
import { FallbackClientTransport } from '@edgemcp/sse'
import { StdioClientTransport } from '@edgemcp/stdio'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { type ClientCapabilityName, InputError, type Listing, parseListing } from '../model/input.js'
import { oauthProvider } from './oauth-login.js'
import { collectPages } from './paginate.js'
import { describeSource, LoadError, type LoadOptions, type ToolSource } from './source.js'

const CLIENT_INFO = { name: 'edgemcp-codegen', version: '0.1.0' }

/** What codegen's client declares by default: everything a server may gate tools on. */
export const ALL_CLIENT_CAPABILITIES: readonly ClientCapabilityName[] = ['elicitation', 'roots', 'sampling']

/** Message of an error and of its causes (fetch's "fetch failed" hides the useful part in `cause`). */
export function describeError(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    const message = current instanceof Error ? current.message : String(current)
    if (message && !parts.join(': ').includes(message)) parts.push(message)
    current = current instanceof Error ? current.cause : undefined
  }
  return parts.join(': ').replace(/\s*\n\s*/g, ' ') || 'unknown error'
}

function createTransport(
  source: Exclude<ToolSource, { kind: 'file' }>,
  authProvider: AuthProvider | undefined,
): StdioClientTransport | FallbackClientTransport {
  if (source.kind === 'stdio')
    return new StdioClientTransport({ command: source.command, shell: true, stderr: 'pipe' })
  const wire = { headers: source.headers ?? {}, authProvider }
  return new FallbackClientTransport(source.url, {
    ...wire,
    streamable: (url) => new StreamableHttpClientTransport(url, wire),
  })
}

/**
 * A client declaring `capabilities`. Their handlers refuse: codegen only lists, and a server that asks
 * anyway (it may not, during a listing) is told no rather than left waiting.
 */
function listingClient(capabilities: readonly ClientCapabilityName[], timeoutMs: number): McpClient {
  const handlers: NonNullable<McpClientOptions['handlers']> = {}
  if (capabilities.includes('elicitation')) handlers.elicit = () => ({ action: 'decline' })
  if (capabilities.includes('roots')) handlers.listRoots = () => ({ roots: [] })
  if (capabilities.includes('sampling'))
    handlers.sample = () => {
      throw new Error('edgemcp-codegen does not sample')
    }
  return new McpClient(CLIENT_INFO, { requestTimeoutMs: timeoutMs, handlers })
}

/** Connects and runs `use`; connection failures become one-line LoadErrors, the client is always closed. */
async function withClient<T>(
  source: Exclude<ToolSource, { kind: 'file' }>,
  options: LoadOptions,
  capabilities: readonly ClientCapabilityName[],
  use: (client: McpClient) => Promise<T>,
): Promise<T> {
  const name = describeSource(source)
  const client = listingClient(capabilities, options.timeoutMs ?? 30_000)
  const oauth =
    source.kind === 'url' && options.oauth ? await oauthProvider(source.url, options.oauth) : undefined
  try {
    try {
      await client.connect(createTransport(source, oauth?.provider))
    } catch (error) {
      if ((error as { code?: unknown }).code === 'interaction_required')
        throw new LoadError(
          `${name} needs an OAuth login, and CI is set without a terminal: run edgemcp-codegen with --auth ` +
            `in a terminal once (tokens are then kept in ${oauth?.storePath}), or pass --token`,
        )
      const loginHint =
        !oauth && (error as { status?: unknown }).status === 401
          ? ' (to log in with OAuth run again with --auth; or pass --token)'
          : ''
      throw new LoadError(`cannot connect to ${name}: ${describeError(error)}${loginHint}`)
    }
    try {
      return await use(client)
    } catch (error) {
      if (error instanceof LoadError) throw error
      if (error instanceof InputError)
        throw new LoadError(`${name} sent an invalid listing: ${error.message}`)
      throw new LoadError(`${name}: ${describeError(error)}`)
    }
  } finally {
    await client.close().catch(() => {})
    await oauth?.close()
  }
}

type ListMethod = 'listTools' | 'listPrompts' | 'listResourceTemplates'

/** Every item of one list method, following nextCursor to the last page. */
function listAll(
  client: McpClient,
  what: string,
  method: ListMethod,
  key: string,
  options: LoadOptions,
): Promise<unknown[]> {
  const progress = options.progress ?? (() => {})
  const timeoutMs = options.timeoutMs ?? 30_000
  return collectPages(
    what,
    async (cursor) => {
      const page = (await client[method](
        cursor === undefined ? { timeoutMs } : { cursor, timeoutMs },
      )) as Record<string, unknown>
      return { items: page[key] as unknown[], nextCursor: page.nextCursor }
    },
    (page, total) => {
      if (page > 1) progress(`${what}: page ${page}, ${total} so far`)
    },
  )
}

/** `{ tools: { listChanged: true }, logging: {} }` → `['logging', 'tools', 'tools.listChanged']`. */
function capabilityList(capabilities: Record<string, unknown>): string[] {
  const out: string[] = []
  for (const [name, value] of Object.entries(capabilities)) {
    out.push(name)
    if (typeof value === 'object' && value !== null)
      for (const [flag, on] of Object.entries(value)) if (on === true) out.push(`${name}.${flag}`)
  }
  return out.sort()
}

const toolNames = (tools: unknown[]): Set<string> =>
  new Set(tools.map((t) => String((t as { name?: unknown }).name)))

/**
 * Connects with @edgemcp/core's McpClient and lists everything, following nextCursor to the last page. The
 * client declares `options.capabilities` (default: elicitation, roots, sampling), so that tools a server
 * offers only to capable clients are listed too; when it declares any, the tools are listed a second time by
 * a client declaring none, and those only the capable client saw are recorded (the header notes them).
 */
export async function loadRemote(
  source: Exclude<ToolSource, { kind: 'file' }>,
  options: LoadOptions,
): Promise<Listing> {
  const progress = options.progress ?? (() => {})
  const declared = [...(options.capabilities ?? ALL_CLIENT_CAPABILITIES)].sort()
  progress(`connecting to ${describeSource(source)}`)
  const raw = await withClient(source, options, declared, async (client) => {
    const raw: Record<string, unknown> = {
      tools: await listAll(client, 'tools/list', 'listTools', 'tools', options),
    }
    const capabilities = client.serverCapabilities ?? {}
    if (options.prompts) {
      if (capabilities.prompts)
        raw.prompts = await listAll(client, 'prompts/list', 'listPrompts', 'prompts', options)
      else progress('the server has no prompts capability; no prompts to type')
    }
    if (options.resources) {
      if (capabilities.resources) {
        raw.resourceTemplates = await listAll(
          client,
          'resources/templates/list',
          'listResourceTemplates',
          'resourceTemplates',
          options,
        )
      } else progress('the server has no resources capability; no resource templates to type')
    }
    raw.server = { capabilities: capabilityList(capabilities), clientCapabilities: declared }
    return raw
  })
  if (declared.length > 0) {
    progress('listing the tools again as a client declaring no capabilities')
    const plain = await withClient(source, options, [], (client) =>
      listAll(client, 'tools/list', 'listTools', 'tools', options),
    )
    const seen = toolNames(plain)
    const gated = [...toolNames(raw.tools as unknown[])].filter((n) => !seen.has(n)).sort()
    if (gated.length > 0) (raw.server as Record<string, unknown>).capabilityTools = gated
  }
  try {
    return parseListing(raw)
  } catch (error) {
    if (error instanceof InputError)
      throw new LoadError(`${describeSource(source)} sent an invalid listing: ${error.message}`)
    throw error
  }
}
