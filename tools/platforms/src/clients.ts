// The MCP clients every example must answer: ours (McpClient) in each era the platform serves, and the
// official SDK's client. Each connects, lists the tools, calls `add` and reports what it saw.
import { McpClient } from '@edgemcp/core'
import { SseClientTransport } from '@edgemcp/sse'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { expect } from 'vitest'

/** `modern`: 2026-07-28; `legacy`: a 2025-11-25 session; `sse`: HTTP+SSE of 2024-11-05. */
export type Era = 'modern' | 'legacy' | 'sse'

export interface Seen {
  protocolVersion: string | undefined
  tools: string[]
  add: unknown
}

const protocols = { modern: 'modern', legacy: 'legacy', sse: '2024-11-05' } as const

/** Our client in one era; `fetch` replaces the network (a Lambda invocation). */
export async function ourClient(url: string, era: Era, fetch?: typeof globalThis.fetch): Promise<Seen> {
  const client = new McpClient(
    { name: 'platform-check', version: '1.0.0' },
    { protocol: protocols[era], requestTimeoutMs: 60_000 },
  )
  await client.connect(
    era === 'sse'
      ? new SseClientTransport(url)
      : new StreamableHttpClientTransport(url, fetch ? { fetch } : {}),
  )
  try {
    const tools = await client.listAllTools()
    const result = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })
    return { protocolVersion: client.protocolVersion, tools: tools.map((t) => t.name), add: result.content }
  } finally {
    await client.close()
  }
}

/** The official SDK's client over Streamable HTTP (or its SSE transport); `fetch` replaces the network. */
export async function sdkClient(
  url: string,
  { sse = false, fetch }: { sse?: boolean; fetch?: typeof globalThis.fetch } = {},
): Promise<Seen> {
  const client = new Client({ name: 'platform-check-sdk', version: '1.0.0' })
  const http = sse ? undefined : new StreamableHTTPClientTransport(new URL(url), fetch ? { fetch } : {})
  await client.connect(http ?? new SSEClientTransport(new URL(url)))
  try {
    const { tools } = await client.listTools()
    const result = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })
    return { protocolVersion: http?.protocolVersion, tools: tools.map((t) => t.name), add: result.content }
  } finally {
    await client.close()
  }
}

export const five = [{ type: 'text', text: '5' }]

const VERSIONS: Record<Era, string> = { modern: '2026-07-28', legacy: '2025-11-25', sse: '2024-11-05' }

/**
 * Asserts that the server at `url` answers our client in each of `eras` and the official SDK's client
 * (over HTTP+SSE too when `eras` has `sse`): each lists `add` and gets 5 from it. `output` (the server's
 * log) is shown when the first client fails.
 */
export async function expectEveryClient(
  url: string,
  options: { eras: readonly Era[]; output?: () => string },
): Promise<void> {
  for (const [i, era] of options.eras.entries())
    expect(await ourClient(url, era), i === 0 ? options.output?.() : undefined).toEqual({
      protocolVersion: VERSIONS[era],
      tools: ['add'],
      add: five,
    })
  expect(await sdkClient(url)).toMatchObject({ tools: ['add'], add: five })
  if (options.eras.includes('sse'))
    expect(await sdkClient(url, { sse: true })).toMatchObject({ tools: ['add'], add: five })
}
