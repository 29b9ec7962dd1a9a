// A real client of the packed packages: node out/src/client-check.js <url> [modern|legacy|sse]...
// Connects once per era, lists the tools, calls `add` when there is one, prints one JSON object.
import { McpClient } from '@edgemcp/core'
import { SseClientTransport } from '@edgemcp/sse'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'

const [url, ...eras] = process.argv.slice(2)
if (url === undefined) throw new Error('usage: client-check <url> [modern|legacy|sse]...')

const results: Record<string, unknown> = {}
for (const era of eras.length > 0 ? eras : ['modern', 'legacy']) {
  const client = new McpClient(
    { name: 'consumer-check', version: '1.0.0' },
    // HTTP+SSE is the transport of 2024-11-05: its clients ask for that revision.
    {
      protocol: era === 'modern' ? 'modern' : era === 'sse' ? '2024-11-05' : 'legacy',
      requestTimeoutMs: 30_000,
    },
  )
  await client.connect(era === 'sse' ? new SseClientTransport(url) : new StreamableHttpClientTransport(url))
  // A server with no tools has no tools capability, and then no tools/list either.
  const tools = client.serverCapabilities?.tools === undefined ? [] : await client.listAllTools()
  const add = tools.some((t) => t.name === 'add')
  const result = add ? await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } }) : undefined
  results[era] = {
    protocolVersion: client.protocolVersion,
    tools: tools.map((t) => t.name),
    ...(result ? { add: result.content } : {}),
  }
  await client.close()
}
console.log(JSON.stringify(results))
