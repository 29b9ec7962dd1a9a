import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { encodeMessage, McpServer, type ServerSession } from '@edgemcp/core'
import { modernMeta } from '@edgemcp/test-helpers'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearerAuth,
  bindingSessionFactory,
  createJwtVerifier,
  type JwtPrincipal,
  protectedResourceMetadataApp,
  protectedResourceMetadataUrl,
  requestAuth,
  sessionBelongsTo,
} from '../src/index.js'
import { generateTestKey, type TestKey } from './helpers/keys.js'
import { ISSUER, issueToken, NOW, RESOURCE } from './helpers/sign.js'

// End to end: real keys, a JWKS over real HTTP (global fetch), the bearer middleware in front of a minimal
// Hono route that feeds core's McpServer.handle the way an HTTP transport does.

let rsa: TestKey
let ec: TestKey
let jwksServer: Server
let jwksHits = 0
let app: Hono

const META_URL = protectedResourceMetadataUrl(RESOURCE)
const modern = modernMeta()

beforeAll(async () => {
  ;[rsa, ec] = await Promise.all([generateTestKey('RS256', 'rsa-1'), generateTestKey('ES256', 'ec-1')])
  jwksServer = createServer((_req, res) => {
    jwksHits++
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=600' })
    res.end(JSON.stringify({ keys: [rsa.jwk, ec.jwk] }))
  })
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve))
  const { port } = jwksServer.address() as AddressInfo

  const server = new McpServer({ name: 'auth-e2e', version: '1.0.0' }, { mrtrSecret: 'test' })
  server.tool('whoami', {}, (_args, ctx) => {
    const auth = ctx.authInfo as JwtPrincipal
    return { content: [{ type: 'text', text: `${auth.subject} ${auth.scopes.join(',')} ${auth.clientId}` }] }
  })

  const sessions = new Map<string, ServerSession>()
  app = new Hono()
  app.route('/', protectedResourceMetadataApp({ resource: RESOURCE, authorizationServers: [ISSUER] }))
  app.use(
    '/mcp',
    bearerAuth({
      verify: createJwtVerifier({
        issuer: ISSUER,
        audience: RESOURCE,
        jwksUrl: `http://127.0.0.1:${port}/jwks.json`,
        now: () => NOW * 1000,
      }),
      resourceMetadataUrl: META_URL,
      requiredScopes: ['mcp:tools'],
    }),
  )
  app.post('/mcp', async (c) => {
    const auth = requestAuth(c)
    const id = c.req.header('mcp-session-id')
    const session = id === undefined ? undefined : sessions.get(id)
    if (id !== undefined && (!session || !sessionBelongsTo(session, auth?.principal)))
      return c.json({ jsonrpc: '2.0', error: { code: -32600, message: 'Session not found' } }, 404)
    const r = await server.handle(await c.req.json(), {
      session,
      authInfo: auth?.authInfo,
      principal: auth?.principal,
      createSession: bindingSessionFactory(() => server.createSession(), auth?.principal),
    })
    if (r.session) sessions.set(r.session.id, r.session)
    return new Response(r.body === undefined ? null : encodeMessage(r.body), {
      status: r.status,
      headers: {
        'content-type': 'application/json',
        ...(r.session ? { 'mcp-session-id': r.session.id } : {}),
      },
    })
  })
})

afterAll(() => new Promise<void>((resolve) => jwksServer.close(() => resolve())))

const post = (body: unknown, token?: string, sessionId?: string) =>
  app.request('/mcp', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
    },
    body: JSON.stringify(body),
  })

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
}
const whoami = (id: number, meta?: object) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'whoami', arguments: {}, ...(meta ? { _meta: meta } : {}) },
})
const text = async (res: Response) => ((await res.json()) as any).result.content[0].text as string

describe('bearer auth in front of an MCP endpoint', () => {
  it('points an anonymous client at the metadata, which names the authorization server', async () => {
    const res = await post(whoami(1))
    expect(res.status).toBe(401)
    const challenge = res.headers.get('www-authenticate') ?? ''
    expect(challenge).toBe(`Bearer scope="mcp:tools", resource_metadata="${META_URL}"`)
    const url = new URL(/resource_metadata="([^"]+)"/.exec(challenge)?.[1] ?? '')
    const meta = await app.request(url.pathname)
    expect(await meta.json()).toMatchObject({ resource: RESOURCE, authorization_servers: [ISSUER] })
  })

  it('hands the verified principal to tool handlers (modern, stateless)', async () => {
    const res = await post(whoami(2, modern), await issueToken(ec, { sub: 'bob', scope: 'mcp:tools' }))
    expect(res.status).toBe(200)
    expect(await text(res)).toBe('bob mcp:tools client-1')
  })

  it('binds a legacy session to the principal that opened it', async () => {
    const alice = await issueToken(rsa)
    const init = await post(initialize, alice)
    expect(init.status).toBe(200)
    const sessionId = init.headers.get('mcp-session-id')
    expect(sessionId).toMatch(/^[0-9a-f]{32}$/)
    await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, alice, sessionId!)

    const mine = await post(whoami(3), alice, sessionId!)
    expect(await text(mine)).toBe('alice mcp:tools,mcp:resources client-1')

    const stolen = await post(whoami(4), await issueToken(ec, { sub: 'mallory' }), sessionId!)
    expect(stolen.status).toBe(404)
    const sameSubjectOtherClient = await post(
      whoami(5),
      await issueToken(ec, { client_id: 'client-2' }),
      sessionId!,
    )
    expect(sameSubjectOtherClient.status).toBe(200)
    expect(await text(sameSubjectOtherClient)).toBe('alice mcp:tools,mcp:resources client-2')
  })

  it('refuses expired, foreign-audience and under-scoped tokens', async () => {
    const expired = await post(whoami(6, modern), await issueToken(rsa, { exp: NOW - 120 }))
    expect(expired.status).toBe(401)
    expect(expired.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_token", scope="mcp:tools", resource_metadata="${META_URL}", ` +
        'error_description="The access token expired"',
    )
    const foreign = await post(whoami(7, modern), await issueToken(rsa, { aud: 'https://other.example/mcp' }))
    expect(foreign.status).toBe(401)
    const weak = await post(whoami(8, modern), await issueToken(rsa, { scope: 'mcp:resources' }))
    expect(weak.status).toBe(403)
    expect(weak.headers.get('www-authenticate')).toContain('error="insufficient_scope", scope="mcp:tools"')
  })

  it('fetched the JWKS over HTTP once for all of the above', () => {
    expect(jwksHits).toBe(1)
  })
})
