// A Worker (or Deno / Bun server) guarded by bearer tokens without Hono; the README's bearerGuard example.
import { bearerGuard, createJwtVerifier, protectedResourceMetadataUrl } from '@edgemcp/auth'
import { McpServer } from '@edgemcp/core'
import { createMcpFetchHandler } from '@edgemcp/streamable-http'

const server = new McpServer({ name: 'notes', version: '1.0.0' })
const guard = bearerGuard({
  verify: createJwtVerifier({
    issuer: 'https://auth.example.com',
    audience: 'https://mcp.example.com/mcp',
    jwksUrl: 'https://auth.example.com/.well-known/jwks.json',
  }),
  resourceMetadataUrl: protectedResourceMetadataUrl('https://mcp.example.com/mcp'),
  requiredScopes: ['mcp:tools'],
})
const mcp = createMcpFetchHandler(server, { authenticate: guard.authenticate })

export default { fetch: guard.protect(mcp) }
