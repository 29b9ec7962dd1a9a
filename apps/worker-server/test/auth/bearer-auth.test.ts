import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { connectClient } from '../client.js'
import { type Alg, claimsFor, encodeJson, ISSUER, METADATA_URL, signJwt, tokenFor } from './tokens.js'

const URL_ = 'http://notes.test/mcp'
const VERSION = '2025-11-25'
const whoamiCall = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'whoami', arguments: {} } }

/** fetch through the Worker with `Authorization: Bearer <token>` (and `extra` headers) on every request. */
const fetchAs =
  (token: string, extra: Record<string, string> = {}) =>
  (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input instanceof Request ? input : String(input), init)
    const headers = new Headers(request.headers)
    headers.set('authorization', `Bearer ${token}`)
    for (const [name, value] of Object.entries(extra)) headers.set(name, value)
    return SELF.fetch(new Request(request, { headers }))
  }

const post = (body: unknown, headers: Record<string, string> = {}) =>
  SELF.fetch(URL_, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(body),
  })

/** The JSON-RPC message of a response, whether it came as JSON or as one SSE event. */
async function messageOf(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text()
  if (!response.headers.get('content-type')?.includes('text/event-stream')) return JSON.parse(text)
  const data = text.split('\n').find((line) => line.startsWith('data: ') && line.includes('"jsonrpc"'))
  return JSON.parse(data?.slice('data: '.length) ?? 'null')
}

/** A legacy session opened by the bearer of `token`: its id. */
async function openSession(token: string): Promise<string> {
  const auth = { authorization: `Bearer ${token}` }
  const init = await post(
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    },
    auth,
  )
  expect(init.status).toBe(200)
  await init.text()
  const id = init.headers.get('mcp-session-id') as string
  expect(id).toMatch(/^[0-9a-f]{64}$/) // signed (MCP_MRTR_SECRET is set)
  const initialized = await post(
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { ...auth, 'mcp-session-id': id, 'mcp-protocol-version': VERSION },
  )
  expect(initialized.status).toBe(202)
  return id
}

describe('RFC 9728 protected-resource metadata', () => {
  it.each(['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource'])(
    'is served at %s without a token',
    async (path) => {
      const r = await SELF.fetch(`http://notes.test${path}`)
      expect(r.status).toBe(200)
      expect(r.headers.get('content-type')).toBe('application/json')
      expect(await r.json()).toEqual({
        resource: URL_,
        authorization_servers: [ISSUER],
        bearer_methods_supported: ['header'],
        scopes_supported: ['notes'],
        resource_name: 'edgemcp notes',
      })
    },
  )

  it('leaves the home page open', async () => {
    expect((await SELF.fetch('http://notes.test/')).status).toBe(200)
  })
})

describe('bearer tokens on /mcp', () => {
  it('answers a request without a token with 401 and the challenge pointing at the metadata', async () => {
    for (const headers of [{}, { authorization: 'Basic YWxpY2U6c2VjcmV0' }]) {
      const r = await post(whoamiCall, headers)
      expect(r.status).toBe(401)
      expect(r.headers.get('www-authenticate')).toBe(
        `Bearer scope="notes", resource_metadata="${METADATA_URL}"`,
      )
      expect(await r.json()).toMatchObject({ jsonrpc: '2.0', error: { data: { error: 'unauthorized' } } })
    }
    expect((await SELF.fetch(`${URL_}/`, { method: 'DELETE' })).status).toBe(401)
  })

  const now = () => Math.floor(Date.now() / 1000)
  const flip = (ch: string) => (ch === 'A' ? 'B' : 'A')
  it.each([
    ['expired', 'expired', () => signJwt(claimsFor('alice', { iat: now() - 600, exp: now() - 120 }))],
    [
      'for another resource',
      'invalid_audience',
      () => signJwt(claimsFor('alice', { aud: 'http://x.test/mcp' })),
    ],
    [
      'from another issuer',
      'invalid_issuer',
      () => signJwt(claimsFor('alice', { iss: 'https://evil.test' })),
    ],
    [
      'with a tampered signature',
      'invalid_signature',
      async () => {
        const token = await tokenFor('alice', 'RS256')
        const at = token.lastIndexOf('.') + 10
        return token.slice(0, at) + flip(token[at] as string) + token.slice(at + 1)
      },
    ],
    [
      'with a tampered payload',
      'invalid_signature',
      async () => {
        const [header, , signature] = (await tokenFor('alice')).split('.')
        return `${header}.${encodeJson(claimsFor('mallory'))}.${signature}`
      },
    ],
  ])('refuses a token %s: 401 invalid_token (%s)', async (_case, reason, make) => {
    const r = await post(whoamiCall, { authorization: `Bearer ${await make()}` })
    expect(r.status).toBe(401)
    expect(r.headers.get('www-authenticate')).toMatch(
      new RegExp(
        `^Bearer error="invalid_token", scope="notes", resource_metadata="${METADATA_URL}", error_description="[^"]+"$`,
      ),
    )
    expect(await r.json()).toMatchObject({ error: { data: { error: 'invalid_token', reason } } })
  })

  it('answers a token without the required scope with 403 insufficient_scope', async () => {
    const token = await signJwt(claimsFor('alice', { scope: 'profile' }))
    const r = await post(whoamiCall, { authorization: `Bearer ${token}` })
    expect(r.status).toBe(403)
    expect(r.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", scope="notes", resource_metadata="${METADATA_URL}", ` +
        'error_description="The access token lacks a required scope"',
    )
  })
})

describe.each([
  ['legacy', 'ES256'],
  ['legacy', 'RS256'],
  ['modern', 'ES256'],
  ['modern', 'RS256'],
] as const)('the verified principal, %s era, %s token', (era, alg: Alg) => {
  it('reaches the whoami tool as ctx.authInfo', async () => {
    const subject = `${era}-${alg}-user`
    const { client } = await connectClient(URL_, era, {}, fetchAs(await tokenFor(subject, alg)))
    expect((await client.listAllTools()).map((t) => t.name)).toContain('whoami')
    const r = await client.callTool({ name: 'whoami', arguments: {} })
    expect(r.structuredContent).toEqual({ subject, issuer: ISSUER, scopes: ['notes'] })
    await client.close()
  })
})

describe('principal-bound sessions', () => {
  it('refuses another principal presenting the session id: 404, as for an unknown session', async () => {
    const [alice, bob] = await Promise.all([tokenFor('alice'), tokenFor('bob', 'RS256')])
    const id = await openSession(alice)
    const as = (token: string, session: string) => ({
      authorization: `Bearer ${token}`,
      'mcp-session-id': session,
      'mcp-protocol-version': VERSION,
    })
    const unknown = await post(whoamiCall, as(bob, 'f'.repeat(32)))
    expect(unknown.status).toBe(404)
    const unknownBody = await unknown.text()

    const stolen = await post(whoamiCall, as(bob, id))
    expect(stolen.status).toBe(404)
    expect(await stolen.text()).toBe(unknownBody)
    // Internal headers of clients are dropped: claiming alice's principal changes nothing.
    const forged = encodeJson({ authInfo: { subject: 'alice' }, principal: `${ISSUER}|alice` })
    const forging = await post(whoamiCall, { ...as(bob, id), 'x-edgemcp-auth': forged })
    expect(forging.status).toBe(404)
    await forging.text()
    for (const method of ['GET', 'DELETE']) {
      const r = await SELF.fetch(URL_, { method, headers: { ...as(bob, id), accept: 'text/event-stream' } })
      expect(r.status).toBe(404)
      await r.text()
    }

    // The session is still alice's, and still there.
    const mine = await post(whoamiCall, as(alice, id))
    expect(mine.status).toBe(200)
    expect(await messageOf(mine)).toMatchObject({
      id: 2,
      result: { structuredContent: { subject: 'alice' } },
    })
  })

  it('takes the principal from the verified token, never from a client header (modern era)', async () => {
    const forged = encodeJson({ authInfo: { subject: 'alice', scopes: [] }, principal: `${ISSUER}|alice` })
    const { client } = await connectClient(
      URL_,
      'modern',
      {},
      fetchAs(await tokenFor('bob'), { 'x-edgemcp-auth': forged }),
    )
    const r = await client.callTool({ name: 'whoami', arguments: {} })
    expect(r.structuredContent).toMatchObject({ subject: 'bob' })
    await client.close()
  })
})

/** Reads SSE lines from `reader` until an `endpoint` event arrives; its data (the URL to POST to). */
async function endpointOf(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder()
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) throw new Error(`stream ended before an endpoint event: ${text}`)
    text += decoder.decode(value, { stream: true })
    const m = /event: endpoint\r?\ndata: (\S+)/.exec(text)
    if (m?.[1]) return m[1]
  }
}

describe('the 2024-11-05 HTTP+SSE transport behind OAuth', () => {
  it('needs a token, and binds its session to the principal that opened the stream', async () => {
    const [alice, bob] = await Promise.all([tokenFor('alice'), tokenFor('bob', 'RS256')])
    const anonymous = await SELF.fetch(URL_, { headers: { accept: 'text/event-stream' } })
    expect(anonymous.status).toBe(401)
    await anonymous.text()

    const stream = await fetchAs(alice)(URL_, { headers: { accept: 'text/event-stream' } })
    expect(stream.status).toBe(200)
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader()
    try {
      const endpoint = new URL(await endpointOf(reader), URL_).href
      expect(endpoint).toMatch(/\/mcp\?sessionId=[0-9a-f]{64}$/)
      const init = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2024-11-05',
          capabilities: {},
          clientInfo: { name: 'sse', version: '1' },
        },
      }
      const send = (token: string | undefined, body: unknown) =>
        SELF.fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
          },
          body: JSON.stringify(body),
        })
      const noToken = await send(undefined, init)
      expect(noToken.status).toBe(401)
      await noToken.text()
      // Another principal holding the session id gets what an unknown session gets.
      const stolen = await send(bob, init)
      expect(stolen.status).toBe(404)
      await stolen.text()
      const mine = await send(alice, init)
      expect(mine.status).toBe(202)
      await mine.text()
    } finally {
      await reader.cancel()
    }
  })
})
