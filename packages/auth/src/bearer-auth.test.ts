import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { type BearerAuthOptions, bearerAuth, getAuth, requestAuth } from './bearer-auth.js'
import { AuthError } from './errors.js'
import type { AuthPrincipal } from './principal.js'

const METADATA = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp'

/** A stand-in verifier: a table of tokens; `bad-<reason>` throws that AuthError, `boom` a plain Error. */
const TOKENS: Record<string, AuthPrincipal> = {
  'alice-tools': { subject: 'alice', issuer: 'https://as.example', scopes: ['mcp:tools'] },
  'alice-all': { subject: 'alice', issuer: 'https://as.example', scopes: ['mcp:tools', 'mcp:read'] },
  bob: { subject: 'bob', issuer: 'https://as.example', scopes: [] },
}
async function fakeVerify(token: string): Promise<AuthPrincipal> {
  if (token.startsWith('bad-')) throw new AuthError(token.slice(4) as never, 'refused')
  if (token === 'boom') throw new Error('verifier bug')
  const principal = TOKENS[token]
  if (!principal) throw new AuthError('invalid_signature', 'unknown test token')
  return principal
}

function app(options: Partial<BearerAuthOptions> = {}) {
  const a = new Hono()
  a.use('/mcp', bearerAuth({ verify: fakeVerify, resourceMetadataUrl: METADATA, ...options }))
  a.post('/mcp', (c) => c.json({ auth: getAuth(c), request: requestAuth(c), viaGet: c.get('auth').subject }))
  return a
}

const call = (a: Hono, authorization?: string) =>
  a.request('/mcp', {
    method: 'POST',
    headers: authorization === undefined ? {} : { authorization },
    body: '{}',
  })

describe('bearerAuth', () => {
  it('answers a request without credentials with 401 and the resource_metadata challenge', async () => {
    for (const header of [undefined, 'Basic YWxpY2U6cHc=', 'Bearerish abc']) {
      const res = await call(app(), header)
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${METADATA}"`)
      expect(res.headers.get('content-type')).toBe('application/json')
      expect(await res.json()).toEqual({
        jsonrpc: '2.0',
        error: {
          code: -32600,
          message: 'Unauthorized: a bearer token is required',
          data: { error: 'unauthorized' },
        },
      })
    }
  })

  it('adds the required scopes to the 401 challenge as guidance', async () => {
    const res = await call(app({ requiredScopes: ['mcp:tools', 'mcp:read'] }))
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer scope="mcp:tools mcp:read", resource_metadata="${METADATA}"`,
    )
  })

  it('answers a malformed, invalid or expired token with 401 invalid_token', async () => {
    const cases: [string, string][] = [
      ['Bearer', 'The access token is malformed'],
      ['Bearer a b', 'The access token is malformed'],
      ['Bearer bad-expired', 'The access token expired'],
      ['Bearer bad-invalid_audience', 'The access token was not issued for this resource'],
      ['Bearer boom', 'The access token is invalid'],
    ]
    for (const [header, description] of cases) {
      const res = await call(app(), header)
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toBe(
        `Bearer error="invalid_token", resource_metadata="${METADATA}", error_description="${description}"`,
      )
      const body = (await res.json()) as { error: { data: { error: string } } }
      expect(body.error.data.error).toBe('invalid_token')
    }
  })

  it('answers a token lacking a required scope with 403 insufficient_scope naming every required scope', async () => {
    const res = await call(app({ requiredScopes: ['mcp:tools', 'mcp:admin'] }), 'Bearer alice-tools')
    expect(res.status).toBe(403)
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", scope="mcp:tools mcp:admin", resource_metadata="${METADATA}", ` +
        'error_description="The access token lacks a required scope"',
    )
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message: 'Forbidden: The access token lacks a required scope',
        data: { error: 'insufficient_scope', scope: 'mcp:tools mcp:admin' },
      },
    })
  })

  it('passes the principal to the handler downstream', async () => {
    const res = await call(app({ requiredScopes: ['mcp:tools'] }), 'bearer   alice-all')
    expect(res.status).toBe(200)
    const auth = { subject: 'alice', issuer: 'https://as.example', scopes: ['mcp:tools', 'mcp:read'] }
    expect(await res.json()).toEqual({
      auth,
      request: { authInfo: auth, principal: 'https://as.example|alice' },
      viaGet: 'alice',
    })
  })

  it('uses a custom principal id and a per-request metadata URL', async () => {
    const a = new Hono()
    a.use(
      '*',
      bearerAuth({
        verify: fakeVerify,
        principalId: (p) => `user:${p.subject}`,
        resourceMetadataUrl: (c) => `${new URL(c.req.url).origin}/.well-known/oauth-protected-resource`,
        realm: 'mcp',
      }),
    )
    a.get('/x', (c) => c.text(requestAuth(c)?.principal ?? 'none'))
    expect(
      await (await a.request('http://h.example/x', { headers: { authorization: 'Bearer bob' } })).text(),
    ).toBe('user:bob')
    const res = await a.request('http://h.example/x')
    expect(res.headers.get('www-authenticate')).toBe(
      'Bearer realm="mcp", resource_metadata="http://h.example/.well-known/oauth-protected-resource"',
    )
  })

  it('answers 503 when the keys cannot be loaded at all', async () => {
    const res = await call(app(), 'Bearer bad-jwks_unavailable')
    expect(res.status).toBe(503)
    expect(res.headers.get('www-authenticate')).toBeNull()
  })

  it('refuses scopes that cannot be written in a challenge', () => {
    expect(() =>
      bearerAuth({ verify: fakeVerify, resourceMetadataUrl: METADATA, requiredScopes: ['a b'] }),
    ).toThrow(TypeError)
  })

  it('lets CORS preflights through without credentials, but not other OPTIONS requests', async () => {
    const a = new Hono()
    a.use('/mcp', bearerAuth({ verify: fakeVerify, resourceMetadataUrl: METADATA }))
    a.options('/mcp', (c) => c.body(null, 204))
    const preflight = { origin: 'https://app.example', 'access-control-request-method': 'POST' }
    expect((await a.request('/mcp', { method: 'OPTIONS', headers: preflight })).status).toBe(204)
    expect((await a.request('/mcp', { method: 'OPTIONS' })).status).toBe(401)
  })

  it('leaves getAuth and requestAuth empty on unauthenticated routes', async () => {
    const a = new Hono()
    a.get('/open', (c) => c.json({ auth: getAuth(c) ?? null, request: requestAuth(c) ?? null }))
    expect(await (await a.request('/open')).json()).toEqual({ auth: null, request: null })
  })
})
