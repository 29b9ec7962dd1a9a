import { InputError, type Listing, parseListing } from '../model/input.js'
import { collectPages } from './paginate.js'
import type { AuthProvider } from '@edgemcp/core'
import { oauthProvider } from './oauth-login.js'
import { describeSource, LoadError, type LoadOptions, type ToolSource } from './source.js'

/** The part of @edgemcp/core's McpClient used here (imported at run time, so file inputs work without it). */
interface ListingClient {
  connect(transport: unknown): Promise<void>
  close(): Promise<void>
  serverCapabilities?: Record<string, unknown> | undefined
  listTools(options?: ListOptions): Promise<PageResult>
  listPrompts(options?: ListOptions): Promise<PageResult>
  listResourceTemplates(options?: ListOptions): Promise<PageResult>
}
interface ListOptions {
  cursor?: string
  timeoutMs?: number
}
type PageResult = Record<string, unknown> & { nextCursor?: unknown }

const CLIENT_INFO = { name: 'edgemcp-codegen', version: '0.1.0' }

/** Imports an optional workspace package; a missing one is a clear error, not a stack trace. */
async function importPackage(specifier: string, purpose: string): Promise<Record<string, unknown>> {
  try {
    return (await import(specifier)) as Record<string, unknown>
  } catch (error) {
    throw new LoadError(
      `${purpose} needs ${specifier}, which could not be loaded: ${(error as Error).message}`,
    )
  }
}

function constructorOf(
  module: Record<string, unknown>,
  name: string,
  specifier: string,
): new (
  ...args: never[]
) => unknown {
  const value = module[name]
  if (typeof value !== 'function') throw new LoadError(`${specifier} has no ${name} export`)
  return value as new (
    ...args: never[]
  ) => unknown
}

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

async function createTransport(
  source: Exclude<ToolSource, { kind: 'file' }>,
  authProvider: AuthProvider | undefined,
): Promise<unknown> {
  if (source.kind === 'stdio') {
    const stdio = await importPackage('@edgemcp/stdio', '--stdio')
    const Transport = constructorOf(stdio, 'StdioClientTransport', '@edgemcp/stdio')
    return new (Transport as unknown as new (o: object) => unknown)({
      command: source.command,
      shell: true,
      stderr: 'pipe',
    })
  }
  const http = await importPackage('@edgemcp/streamable-http', 'a URL input')
  const Streamable = constructorOf(
    http,
    'StreamableHttpClientTransport',
    '@edgemcp/streamable-http',
  ) as unknown as new (
    url: URL,
    options: object,
  ) => unknown
  const headers = source.headers ?? {}
  const wire = { headers, ...(authProvider && { authProvider }) }
  let sse: Record<string, unknown> | undefined
  try {
    sse = (await import('@edgemcp/sse' as string)) as Record<string, unknown>
  } catch {
    sse = undefined // no legacy fallback available: Streamable HTTP only
  }
  const Fallback = sse?.FallbackClientTransport
  if (typeof Fallback !== 'function') return new Streamable(new URL(source.url), wire)
  return new (Fallback as new (url: string, options: object) => unknown)(source.url, {
    ...wire,
    streamable: (url: URL) => new Streamable(url, wire),
  })
}

/** Connects with @edgemcp/core's McpClient and lists everything, following nextCursor to the last page. */
export async function loadRemote(
  source: Exclude<ToolSource, { kind: 'file' }>,
  options: LoadOptions,
): Promise<Listing> {
  const progress = options.progress ?? (() => {})
  const name = describeSource(source)
  const core = await importPackage('@edgemcp/core', 'a server input')
  const Client = constructorOf(core, 'McpClient', '@edgemcp/core') as unknown as new (
    info: object,
    options: object,
  ) => ListingClient
  const timeoutMs = options.timeoutMs ?? 30_000
  const client = new Client(CLIENT_INFO, { requestTimeoutMs: timeoutMs })
  const oauth =
    source.kind === 'url' && options.oauth ? await oauthProvider(source.url, options.oauth) : undefined
  const transport = await createTransport(source, oauth?.provider)
  progress(`connecting to ${name}`)
  try {
    await client.connect(transport)
  } catch (error) {
    await client.close().catch(() => {})
    await oauth?.close()
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
    const list = async (what: string, method: (o: ListOptions) => Promise<PageResult>, key: string) =>
      collectPages(
        what,
        async (cursor) => {
          const page = await method.call(client, cursor === undefined ? { timeoutMs } : { cursor, timeoutMs })
          return { items: page[key] as unknown[], nextCursor: page.nextCursor }
        },
        (page, total) => {
          if (page > 1) progress(`${what}: page ${page}, ${total} so far`)
        },
      )
    const raw: Record<string, unknown> = { tools: await list('tools/list', client.listTools, 'tools') }
    const capabilities = client.serverCapabilities ?? {}
    if (options.prompts) {
      if (capabilities.prompts) raw.prompts = await list('prompts/list', client.listPrompts, 'prompts')
      else progress('the server has no prompts capability; no prompts to type')
    }
    if (options.resources) {
      if (capabilities.resources) {
        raw.resourceTemplates = await list(
          'resources/templates/list',
          client.listResourceTemplates,
          'resourceTemplates',
        )
      } else progress('the server has no resources capability; no resource templates to type')
    }
    return parseListing(raw)
  } catch (error) {
    if (error instanceof InputError) throw new LoadError(`${name} sent an invalid listing: ${error.message}`)
    throw new LoadError(`${name}: ${describeError(error)}`)
  } finally {
    await client.close().catch(() => {})
    await oauth?.close()
  }
}
