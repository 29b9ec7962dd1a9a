import { createOAuthProvider } from '@edgemcp/auth/client'
import { McpServer } from '@edgemcp/core'
import { createMcpHandler } from '@edgemcp/streamable-http'
import { type RunningServer, serve } from '@edgemcp/streamable-http/node'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headlessAuthorize, mcpHttp } from '../src/index.js'

/**
 * An MCP server that is its own authorization server, with a sign-in + consent form (a cookie ties the form to
 * the browser that opened it), dynamic registration and a token endpoint: what `headlessAuthorize` drives.
 */
function protectedServer() {
  const tokens = new Map<string, string>()
  const codes = new Map<string, string>()
  let origin = ''
  let n = 0
  const server = new McpServer({ name: 'auth-test', version: '1.0.0' })
  server.tool('whoami', {}, (_args, ctx) => ({ content: [{ type: 'text', text: String(ctx.authInfo) }] }))
  const mcp = createMcpHandler(server, {
    authenticate: (c) => {
      const user = tokens.get(c.req.header('authorization')?.replace('Bearer ', '') ?? '')
      return user ? { principal: user, authInfo: user } : undefined
    },
  })
  const app = new Hono()
  app.get('/.well-known/oauth-protected-resource/mcp', (c) =>
    c.json({ resource: `${origin}/mcp`, authorization_servers: [origin] }),
  )
  app.get('/.well-known/oauth-authorization-server', (c) =>
    c.json({
      issuer: origin,
      authorization_endpoint: `${origin}/authorize`,
      token_endpoint: `${origin}/token`,
      registration_endpoint: `${origin}/register`,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    }),
  )
  app.post('/register', async (c) => c.json({ ...(await c.req.json()), client_id: `c${++n}` }, 201))
  app.get('/authorize', (c) => {
    const query = new URL(c.req.url).search
    return c.html(
      `<form method="post" action="/authorize${query}"><input type="hidden" name="handle" value="h1">` +
        '<input name="user"><button name="decision" value="deny">Deny</button>' +
        '<button name="decision" value="approve">Allow</button></form>',
      200,
      { 'Set-Cookie': 'consent=h1; Path=/; HttpOnly' },
    )
  })
  app.post('/authorize', async (c) => {
    const q = new URL(c.req.url).searchParams
    const form = await c.req.formData()
    const back = new URL(q.get('redirect_uri') ?? '')
    back.searchParams.set('state', q.get('state') ?? '')
    if (c.req.header('cookie') !== 'consent=h1' || form.get('handle') !== 'h1') return c.text('bad form', 400)
    if (form.get('decision') !== 'approve') back.searchParams.set('error', 'access_denied')
    else {
      const code = `code${++n}`
      codes.set(code, String(form.get('user')))
      back.searchParams.set('code', code)
    }
    return c.redirect(back.href, 302)
  })
  app.post('/token', async (c) => {
    const user = codes.get(String((await c.req.formData()).get('code')))
    if (!user) return c.json({ error: 'invalid_grant' }, 400)
    const token = `t${++n}`
    tokens.set(token, user)
    return c.json({ access_token: token, token_type: 'Bearer', expires_in: 600 })
  })
  app.use('/mcp', async (c, next) =>
    tokens.has(c.req.header('authorization')?.replace('Bearer ', '') ?? '')
      ? next()
      : c.json({ error: 'invalid_token' }, 401, {
          'WWW-Authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
        }),
  )
  app.route('/mcp', mcp)
  return {
    app,
    setOrigin: (o: string) => {
      origin = o
    },
  }
}

describe('mcpHttp with an OAuth provider and headlessAuthorize', () => {
  const world = protectedServer()
  let running: RunningServer
  beforeAll(async () => {
    running = await serve(world.app)
    world.setOrigin(running.url)
  })
  afterAll(() => running.close())

  const provider = (options: Parameters<typeof headlessAuthorize>[0]) =>
    createOAuthProvider({
      serverUrl: `${running.url}/mcp`,
      client: { name: 'tests', redirectUri: 'http://127.0.0.1:9/callback' },
      authorize: headlessAuthorize(options),
    })

  it('signs in through the form (cookie, hidden field, consent button) and calls the tool as that user', async () => {
    for (const protocolVersion of ['2025-11-25', '2026-07-28']) {
      const app = mcpHttp(`${running.url}/mcp`, {
        auth: provider({ fill: { user: 'alice' } }),
        transport: 'streamable-http',
        protocolVersion,
      })
      const result = await app.callTool('whoami', {})
      expect(result.content, protocolVersion).toEqual([{ type: 'text', text: 'alice' }])
      await app.close()
    }
  })

  it('a denied consent reaches the test as the OAuth error', async () => {
    const app = mcpHttp(`${running.url}/mcp`, {
      auth: provider({ fill: { user: 'bob' }, submit: 'decision=deny' }),
      transport: 'streamable-http',
    })
    await expect(app.initialize()).rejects.toThrow(/refused: access_denied/)
    await app.close()
  })
})
