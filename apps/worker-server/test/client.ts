import { McpClient, type McpClientOptions } from '@edgemcp/core'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'

export const textOf = (r: { content?: unknown }) => (r.content as Array<{ text?: string }>)[0]?.text

/** An McpClient of the given era connected to `url` through `fetch`. */
export async function connectClient(
  url: string,
  protocol: 'legacy' | 'modern',
  options: McpClientOptions = {},
  fetchImpl?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>,
): Promise<{ client: McpClient; transport: StreamableHttpClientTransport }> {
  const transport = new StreamableHttpClientTransport(url, fetchImpl ? { fetch: fetchImpl } : {})
  const client = new McpClient({ name: 'worker-server-test', version: '1.0.0' }, { protocol, ...options })
  await client.connect(transport)
  return { client, transport }
}
