import { McpClient, type McpClientOptions } from '@edgemcp/core'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { modernMeta } from '@edgemcp/test-helpers'
import { SELF } from 'cloudflare:test'

export const MCP_URL = 'http://worker.test/mcp'
export const ACCEPT_BOTH = 'application/json, text/event-stream'

/** fetch through the fixture Worker: every call is a separate Worker invocation. */
export const workerFetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
  SELF.fetch(input instanceof Request ? input : String(input), init)

export async function connect(
  protocol: 'legacy' | 'modern',
  options: McpClientOptions = {},
): Promise<{ client: McpClient; transport: StreamableHttpClientTransport }> {
  const transport = new StreamableHttpClientTransport(MCP_URL, { fetch: workerFetch })
  const client = new McpClient({ name: 'workers-test', version: '1.0.0' }, { protocol, ...options })
  await client.connect(transport)
  return { client, transport }
}

export const initializeBody = (version = '2025-11-25', capabilities: object = {}) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: version, capabilities, clientInfo: { name: 'raw', version: '1' } },
})

export function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return workerFetch(MCP_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT_BOTH, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/** A raw legacy session: initialize + notifications/initialized; returns its headers. */
export async function rawSession(capabilities: object = {}): Promise<Record<string, string>> {
  const r = await post(initializeBody('2025-11-25', capabilities))
  const id = r.headers.get('mcp-session-id')
  if (!id) throw new Error(`no session: ${r.status} ${await r.text()}`)
  await r.text()
  const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' }
  const ack = await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, headers)
  await ack.text()
  return headers
}

export interface SseEventRead {
  id?: string
  data: string
}

/** Reads an SSE body event by event (comments reported as `{ comment }`). */
export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>
  private readonly decoder = new TextDecoder()
  private buffer = ''

  constructor(response: Response) {
    if (!response.body) throw new Error('no body')
    this.reader = response.body.getReader()
  }

  /** The next event or comment block; undefined when the stream ended. */
  async next(timeoutMs = 5_000): Promise<{ id?: string; data?: string; comment?: string } | undefined> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const end = this.buffer.indexOf('\n\n')
      if (end >= 0) {
        const block = this.buffer.slice(0, end)
        this.buffer = this.buffer.slice(end + 2)
        const out: { id?: string; data?: string; comment?: string } = {}
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) out.comment = line.slice(1).trim()
          else if (line.startsWith('id:')) out.id = line.slice(3).trim()
          else if (line.startsWith('data:')) out.data = (out.data ?? '') + line.slice(5).trim()
        }
        return out
      }
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`no SSE event within ${timeoutMs} ms (buffer: ${this.buffer})`)
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), left)),
      ])
      if (chunk === 'timeout') continue
      if (chunk.done) return undefined
      this.buffer += this.decoder.decode(chunk.value, { stream: true })
    }
  }

  /** The next event with a JSON message (skipping priming events and comments). */
  async message(timeoutMs = 5_000): Promise<{ id?: string; message: Record<string, any> }> {
    for (;;) {
      const e = await this.next(timeoutMs)
      if (!e) throw new Error('stream ended')
      if (e.data) return { ...(e.id === undefined ? {} : { id: e.id }), message: JSON.parse(e.data) }
    }
  }

  async cancel(): Promise<void> {
    await this.reader.cancel().catch(() => {})
  }
}

export const MODERN = '2026-07-28'

/** A raw 2026-07-28 request with its `_meta` and mirrored headers. */
export function modernPost(
  id: number,
  method: string,
  params: Record<string, unknown> = {},
  extraMeta: Record<string, unknown> = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'mcp-protocol-version': MODERN, 'mcp-method': method }
  if (method === 'tools/call' || method === 'prompts/get') headers['mcp-name'] = String(params.name)
  if (method === 'resources/read') headers['mcp-name'] = String(params.uri)
  return post({ jsonrpc: '2.0', id, method, params: { ...params, _meta: modernMeta(extraMeta) } }, headers)
}
