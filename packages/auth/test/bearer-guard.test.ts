import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { McpClient, McpHttpError, McpServer } from '@edgemcp/core'
import { createMcpFetchHandler, StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { getRequestListener } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearerGuard,
  createJwtVerifier,
  type JwtPrincipal,
  protectedResourceMetadataUrl,
} from '../src/index.js'
import { generateTestKey, type TestKey } from './helpers/keys.js'
import { ISSUER, issueToken, NOW, RESOURCE } from './helpers/sign.js'

// bearerGuard without Hono: a plain fetch handler (createMcpFetchHandler) behind guard.protect, served by
// node:http, called by our client over Streamable HTTP in both eras. The JWKS comes over real HTTP too.

let key: TestKey
let jwks: Server
let mcp: Server
let mcpUrl: string
const META_URL = protectedResourceMetadataUrl(RESOURCE)

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

beforeAll(async () => {
  key = await generateTestKey('ES256', 'ec-1')
  jwks = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ keys: [key.jwk] }))
  })
  const jwksPort = await listen(jwks)

  const server = new McpServer({ name: 'guarded', version: '1.0.0' }, { mrtrSecret: 'test-secret' })
  server.tool('whoami', {}, (_args, ctx) => {
    const auth = ctx.authInfo as JwtPrincipal
    return { content: [{ type: 'text', text: `${auth.subject} ${auth.scopes.join(',')}` }] }
  })
  const guard = bearerGuard({
    verify: createJwtVerifier({
      issuer: ISSUER,
      audience: RESOURCE,
      jwksUrl: `http://127.0.0.1:${jwksPort}/jwks.json`,
      now: () => NOW * 1000,
    }),
    resourceMetadataUrl: META_URL,
    requiredScopes: ['mcp:tools'],
  })
  const handler = createMcpFetchHandler(server, {
    authenticate: guard.authenticate,
    allowedHosts: ['127.0.0.1'],
  })
  mcp = createServer(getRequestListener(guard.protect(handler)))
  mcpUrl = `http://127.0.0.1:${await listen(mcp)}/mcp`
})

afterAll(() => {
  jwks.close()
  mcp.close()
})

const connect = async (protocol: 'modern' | 'legacy', token?: string) => {
  const client = new McpClient({ name: 't', version: '1' }, { protocol })
  await client.connect(
    new StreamableHttpClientTransport(mcpUrl, {
      ...(token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } }),
    }),
  )
  return client
}

describe('bearerGuard in front of a fetch handler', () => {
  it.each(['modern', 'legacy'] as const)('lets a valid token through to the tools (%s)', async (protocol) => {
    const client = await connect(protocol, await issueToken(key))
    const result = await client.callTool({ name: 'whoami', arguments: {} })
    expect(result.content).toEqual([{ type: 'text', text: 'alice mcp:tools,mcp:resources' }])
    await client.close()
  })

  it('answers a client without a token with 401 and the resource_metadata challenge', async () => {
    const error = await connect('modern').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpHttpError)
    expect((error as McpHttpError).status).toBe(401)
    const challenge = (error as McpHttpError).headers.get('www-authenticate')
    expect(challenge).toMatch(/^Bearer /)
    expect(challenge).toContain(`resource_metadata="${META_URL}"`)
    expect(challenge).toContain('scope="mcp:tools"')
    expect(challenge).not.toContain('error=')
  })

  it('answers a token without the required scope with 403 insufficient_scope', async () => {
    const token = await issueToken(key, { scope: 'mcp:resources' })
    const error = await connect('modern', token).catch((e: unknown) => e)
    expect((error as McpHttpError).status).toBe(403)
    expect((error as McpHttpError).headers.get('www-authenticate')).toContain('error="insufficient_scope"')
  })

  it('answers a forged token with 401 invalid_token', async () => {
    const token = `${(await issueToken(key)).slice(0, -4)}AAAA`
    const response = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: '{}',
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"')
  })

  it('lets a CORS preflight through unauthenticated', async () => {
    const response = await fetch(mcpUrl, {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'POST', origin: 'http://127.0.0.1' },
    })
    expect(response.status).not.toBe(401)
  })
})
