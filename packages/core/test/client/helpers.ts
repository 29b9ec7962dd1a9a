import { McpClient } from '../../src/client/mcp-client.js'
import type { ClientTransport, McpClientOptions } from '../../src/client/types.js'
import { META_PROTOCOL_VERSION } from '../../src/protocol/meta.js'
import { McpServer, type McpServerOptions } from '../../src/server/mcp-server.js'
import type { Connection } from '../../src/server/connect.js'
import { InMemoryTransport } from '../../src/transport/in-memory.js'
import type { Transport } from '../../src/transport/transport.js'
import { specDefinitionNames, validateAgainstSpec } from '../helpers/spec-validator.js'

type Json = Record<string, any>

export const LEGACY = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const
export const MODERN = '2026-07-28'

export function makeServer(options: Partial<McpServerOptions> = {}): McpServer {
  return new McpServer({ name: 'test-server', version: '1.0.0', mrtrSecret: 'test-secret', ...options })
}

export interface Connected {
  client: McpClient
  server: McpServer
  clientEnd: InMemoryTransport
  serverEnd: InMemoryTransport
  /** The server side of the connection (its legacy session can send server→client requests). */
  connection: Connection
  close(): Promise<void>
}

/**
 * A client and a real McpServer over an in-memory pair. `wrapServer` / `wrapClient` put a fake in front of
 * either end (a legacy-only server, an HTTP-like failure).
 */
export async function connect(
  server: McpServer,
  options: McpClientOptions = {},
  wrap: {
    server?: (t: InMemoryTransport) => Transport
    client?: (t: InMemoryTransport) => ClientTransport
  } = {},
  setup?: (client: McpClient) => void,
): Promise<Connected> {
  const [serverEnd, clientEnd] = InMemoryTransport.createPair()
  const connection = await server.connect(wrap.server ? wrap.server(serverEnd) : serverEnd)
  const client = new McpClient({ name: 'test-client', version: '0.1.0', title: 'Test client' }, options)
  setup?.(client)
  await client.connect(wrap.client ? wrap.client(clientEnd) : clientEnd)
  return { client, server, clientEnd, serverEnd, connection, close: () => client.close() }
}

const isModernRequest = (m: Json) => 'id' in m && 'method' in m && m.params?._meta?.[META_PROTOCOL_VERSION]

/** A legacy-only server in front of a real one: modern requests get `reply` (or silence when it is undefined). */
export function legacyOnly(inner: InMemoryTransport, reply: ((m: Json) => Json) | undefined): Transport {
  const outer: Transport = {
    start: () => inner.start(),
    send: (m) => inner.send(m),
    close: () => inner.close(),
  }
  inner.onmessage = (value) => {
    const m = value as Json
    if (isModernRequest(m)) {
      if (reply) void inner.send({ jsonrpc: '2.0', id: m.id, ...reply(m) } as never)
      return
    }
    outer.onmessage?.(value)
  }
  inner.onclose = () => outer.onclose?.()
  return outer
}

const RESULT_DEFS: Record<string, string> = {
  initialize: 'InitializeResult',
  ping: 'EmptyResult',
  'server/discover': 'DiscoverResult',
  'subscriptions/listen': 'SubscriptionsListenResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'resources/subscribe': 'EmptyResult',
  'resources/unsubscribe': 'EmptyResult',
  'logging/setLevel': 'EmptyResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'completion/complete': 'CompleteResult',
  'elicitation/create': 'ElicitResult',
  'sampling/createMessage': 'CreateMessageResult',
  'roots/list': 'ListRootsResult',
}

const flat = (list: unknown[]): Json[] => list.flatMap((m) => (Array.isArray(m) ? m : [m])) as Json[]

/**
 * Validates every message both ends sent against the official schema of its revision: a message with modern
 * `_meta` is 2026-07-28, a response has the revision of the request it answers, anything else `revision`.
 * Requests are checked as JSONRPCRequest and Client/ServerRequest, notifications as JSONRPCNotification and
 * Client/ServerNotification, results as the JSON-RPC response and the method's own Result definition.
 * Returns the list of problems (empty when all is valid) and how many messages were checked.
 */
export function checkTranscript(
  revision: string,
  clientSent: unknown[],
  serverSent: unknown[],
): { problems: string[]; checked: number } {
  const problems: string[] = []
  const requests = {
    client: new Map<unknown, [string, string]>(),
    server: new Map<unknown, [string, string]>(),
  }
  const all = [
    ...flat(clientSent).map((m) => ['client', m] as const),
    ...flat(serverSent).map((m) => ['server', m] as const),
  ]
  const revOf = (m: Json) => (m.params?._meta?.[META_PROTOCOL_VERSION] as string | undefined) ?? revision
  for (const [side, m] of all) if ('method' in m && 'id' in m) requests[side].set(m.id, [m.method, revOf(m)])
  const check = (rev: string, def: string, value: unknown, what: string) => {
    if (!specDefinitionNames(rev).includes(def)) {
      problems.push(`${what}: ${rev} has no ${def}`)
      return
    }
    const r = validateAgainstSpec(rev, def, value)
    if (!r.valid) problems.push(`${what} is not a valid ${rev} ${def}: ${r.errors.slice(0, 3).join('; ')}`)
  }
  for (const [side, m] of all) {
    const peer = side === 'client' ? 'Server' : 'Client'
    const own = side === 'client' ? 'Client' : 'Server'
    const what = `${side} ${JSON.stringify(m).slice(0, 160)}`
    if ('method' in m) {
      const rev = revOf(m)
      const kind = 'id' in m ? 'Request' : 'Notification'
      check(rev, `JSONRPC${kind}`, m, what)
      check(rev, `${own}${kind}`, m, what)
      continue
    }
    const origin = requests[side === 'client' ? 'server' : 'client'].get(m.id)
    const rev = origin?.[1] ?? revision
    const modernShapes = rev >= '2025-11-25'
    if ('error' in m) {
      check(rev, modernShapes ? 'JSONRPCErrorResponse' : 'JSONRPCError', m, what)
      continue
    }
    check(rev, modernShapes ? 'JSONRPCResultResponse' : 'JSONRPCResponse', m, what)
    if (!origin) {
      problems.push(`${what}: answers no request of the ${peer.toLowerCase()}`)
      continue
    }
    const def = m.result?.resultType === 'input_required' ? 'InputRequiredResult' : RESULT_DEFS[origin[0]]
    if (def) check(rev, def, m.result, what)
    else problems.push(`${what}: no result definition known for ${origin[0]}`)
  }
  return { problems, checked: all.length }
}

/** Asserts a transcript is spec-valid and not empty. */
export function expectValidTranscript(
  revision: string,
  c: { clientEnd: InMemoryTransport; serverEnd: InMemoryTransport },
  ignore: (m: Json) => boolean = () => false,
) {
  const keep = (list: unknown[]) => flat(list).filter((m) => !ignore(m))
  const { problems, checked } = checkTranscript(revision, keep(c.clientEnd.sent), keep(c.serverEnd.sent))
  if (checked === 0) throw new Error('nothing was sent')
  if (problems.length > 0) throw new Error(`spec violations:\n${problems.join('\n')}`)
  return checked
}

export const text = (r: { content?: unknown[] }) => (r.content?.[0] as { text: string } | undefined)?.text

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
