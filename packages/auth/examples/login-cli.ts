// A command-line tool that logs its user in once (browser + loopback redirect) and keeps the tokens in a file.
import { createServer } from 'node:http'
import { McpClient } from '@edgemcp/core'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { createOAuthProvider } from '@edgemcp/auth/client'
import { defaultOAuthFilePath, FileOAuthStore } from '@edgemcp/auth/file-store'

const serverUrl = process.argv[2] ?? 'https://mcp.example.com/mcp'
const port = 8976
const redirectUri = `http://127.0.0.1:${port}/callback`

/** Prints the URL, waits for the browser to come back to the loopback redirect (RFC 8252 §7.3). */
function authorize({ url }: { url: URL }): Promise<string> {
  console.log(`Open this URL to log in:\n  ${url.href}`)
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      res.end('You can close this tab.')
      server.close()
      resolve(new URL(req.url ?? '/', redirectUri).href)
    }).listen(port, '127.0.0.1')
  })
}

const authProvider = createOAuthProvider({
  serverUrl,
  client: { name: 'my-cli', redirectUri },
  store: new FileOAuthStore(defaultOAuthFilePath('my-cli')),
  authorize,
})
const client = new McpClient({ name: 'my-cli', version: '1.0.0' })
await client.connect(new StreamableHttpClientTransport(serverUrl, { authProvider }))
console.log((await client.listTools()).tools.map((t) => t.name))
await client.close()
