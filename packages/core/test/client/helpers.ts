import { McpClient } from '../../src/client/mcp-client.js'
import type { ClientTransport, McpClientOptions } from '../../src/client/types.js'
import { META_PROTOCOL_VERSION } from '../../src/protocol/meta.js'
import { McpServer, type McpServerOptions } from '../../src/server/mcp-server.js'
import type { Connection } from '../../src/server/connect.js'
import type { Implementation } from '../../src/server/types.js'
import { InMemoryTransport } from '../../src/transport/in-memory.js'
import type { Transport } from '../../src/transport/transport.js'
import { flat, transcriptProblems } from '../helpers/transcript.js'

type Json = Record<string, any>

export const LEGACY = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const
export const MODERN = '2026-07-28'

export function makeServer(options: McpServerOptions = {}, info: Partial<Implementation> = {}): McpServer {
  return new McpServer(
    { name: 'test-server', version: '1.0.0', ...info },
    { mrtrSecret: 'test-secret', ...options },
  )
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

/** Asserts a transcript is spec-valid (see transcriptProblems) and not empty; returns how many messages it had. */
export function expectValidTranscript(
  revision: string,
  c: { clientEnd: InMemoryTransport; serverEnd: InMemoryTransport },
  ignore: (m: Json) => boolean = () => false,
) {
  const keep = (list: unknown[]) => flat(list).filter((m) => !ignore(m))
  const clientSent = keep(c.clientEnd.sent)
  const serverSent = keep(c.serverEnd.sent)
  const checked = clientSent.length + serverSent.length
  const problems = transcriptProblems(revision, clientSent, serverSent)
  if (checked === 0) throw new Error('nothing was sent')
  if (problems.length > 0) throw new Error(`spec violations:\n${problems.join('\n')}`)
  return checked
}

export const text = (r: { content?: unknown[] }) => (r.content?.[0] as { text: string } | undefined)?.text

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
