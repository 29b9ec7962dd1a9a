// A Worker that calls a protected MCP server on its own behalf (client credentials), caching tokens in KV.
import { McpClient } from '@edgemcp/core'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { createClientCredentialsProvider, type KvNamespaceLike, kvOAuthStore } from '@edgemcp/auth/client'

interface Env {
  OAUTH_KV: KvNamespaceLike
  REPORTS_CLIENT_SECRET: string
}

export default {
  async fetch(_request: Request, env: Env): Promise<Response> {
    const serverUrl = 'https://reports.example.com/mcp'
    const authProvider = createClientCredentialsProvider({
      serverUrl,
      clientId: 'nightly-reporter',
      clientSecret: env.REPORTS_CLIENT_SECRET,
      store: kvOAuthStore(env.OAUTH_KV, 'reporter:'),
    })
    const client = new McpClient({ name: 'reporter', version: '1.0.0' })
    await client.connect(new StreamableHttpClientTransport(serverUrl, { authProvider }))
    const result = await client.callTool({ name: 'daily_summary', arguments: {} })
    await client.close()
    return Response.json(result)
  },
}
