import { McpServer } from '@edgemcp/core'
import { createMcpHandler } from '@edgemcp/streamable-http'
import { type RunningServer, serve } from '@edgemcp/streamable-http/node'
import { type Context, Hono } from 'hono'
import { onTestFinished } from 'vitest'

/** How the test world's servers behave; every field has a well-behaved default. */
export interface WorldOptions {
  /** Where the protected-resource metadata is served. Default `path` (…/oauth-protected-resource/mcp). */
  prm?: 'path' | 'root' | 'none'
  /** Put `resource_metadata` in the 401 challenge. Default true. */
  challengeMetadata?: boolean
  /** `scope` of the 401 challenge. */
  challengeScope?: string
  /** Scopes tools/call needs (403 insufficient_scope without them). */
  callScope?: string
  /** Patches the protected-resource metadata document. */
  prmPatch?: (doc: Record<string, unknown>, w: WorldUrls) => Record<string, unknown>
  /** Patches the authorization-server metadata document. */
  asPatch?: (doc: Record<string, unknown>, w: WorldUrls) => Record<string, unknown>
  /** The `iss` of authorization responses: the issuer (default), another one, or none. */
  iss?: 'correct' | 'wrong' | 'omit'
  /** Lifetime of access tokens (seconds); refresh tokens are issued when `offline_access` is granted. */
  expiresIn?: number
  /** Grants only these scopes whatever is asked (to test step-up limits). */
  grantOnly?: string
  /** Routes registered before the defaults, so they win (hostile answers). */
  routes?: { as?: (app: Hono, w: WorldUrls) => void; rs?: (app: Hono, w: WorldUrls) => void }
}

export interface WorldUrls {
  mcp: string
  rsOrigin: string
  issuer: string
  /** A third server: whatever reaches it is recorded in `seen.attacker`. */
  attacker: string
}

interface Issued {
  scope: string
  resource: string | undefined
  clientId: string
  expires: number
}

/**
 * A resource server (an MCP endpoint behind a bearer check, RFC 9728 metadata), an authorization server
 * (RFC 8414 metadata, DCR, an authorize endpoint that approves at once, a token endpoint with refresh) and an
 * attacker origin, each on its own loopback port. Records every Authorization header each origin received.
 */
let worlds = 0

export async function startWorld(options: WorldOptions = {}) {
  const world = `w${++worlds}`
  const seen = {
    rs: [] as string[],
    as: [] as string[],
    attacker: [] as string[],
    authorize: [] as URLSearchParams[],
  }
  const tokens = new Map<string, Issued>()
  const refreshTokens = new Map<string, Issued>()
  const clients = new Map<string, { secret?: string; redirectUris: string[] }>()
  const codes = new Map<
    string,
    { scope: string; resource: string | undefined; clientId: string; challenge: string }
  >()
  const counters = { registrations: 0, authorizations: 0, tokenRequests: 0, refreshes: 0 }
  let n = 0
  const urls = {} as WorldUrls

  const record = (list: string[]) => async (c: Context, next: () => Promise<void>) => {
    list.push(`${c.req.method} ${new URL(c.req.url).pathname} ${c.req.header('authorization') ?? ''}`.trim())
    await next()
  }

  // ---- authorization server ----
  const as = new Hono()
  as.use('*', record(seen.as))
  options.routes?.as?.(as, urls)
  const asMetadata = () => {
    const doc: Record<string, unknown> = {
      issuer: urls.issuer,
      authorization_endpoint: `${urls.issuer}/authorize`,
      token_endpoint: `${urls.issuer}/token`,
      registration_endpoint: `${urls.issuer}/register`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic'],
      scopes_supported: ['notes:read', 'notes:write', 'offline_access'],
      authorization_response_iss_parameter_supported: true,
    }
    return options.asPatch ? options.asPatch(doc, urls) : doc
  }
  as.get('/.well-known/oauth-authorization-server', (c) => c.json(asMetadata()))
  as.post('/register', async (c) => {
    counters.registrations++
    const body = (await c.req.json()) as Record<string, unknown>
    const id = `${world}-client-${++n}`
    const confidential = body.token_endpoint_auth_method === 'client_secret_basic'
    const secret = confidential ? `secret-${n}` : undefined
    clients.set(id, { ...(secret && { secret }), redirectUris: (body.redirect_uris as string[]) ?? [] })
    return c.json(
      { ...body, client_id: id, ...(secret && { client_secret: secret, client_secret_expires_at: 0 }) },
      201,
    )
  })
  as.get('/authorize', async (c) => {
    counters.authorizations++
    const q = new URL(c.req.url).searchParams
    seen.authorize.push(q)
    const code = `code-${++n}`
    codes.set(code, {
      scope: q.get('scope') ?? '',
      resource: q.get('resource') ?? undefined,
      clientId: q.get('client_id') ?? '',
      challenge: q.get('code_challenge') ?? '',
    })
    const back = new URL(q.get('redirect_uri') ?? '')
    back.searchParams.set('code', code)
    back.searchParams.set('state', q.get('state') ?? '')
    if (options.iss !== 'omit')
      back.searchParams.set('iss', options.iss === 'wrong' ? urls.attacker : urls.issuer)
    return c.redirect(back.href, 302)
  })
  as.post('/token', async (c) => {
    counters.tokenRequests++
    const form = new URLSearchParams(await c.req.text())
    const grant = form.get('grant_type')
    let issued: Issued | undefined
    if (grant === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '')
      codes.delete(form.get('code') ?? '')
      const verifier = form.get('code_verifier') ?? ''
      if (!code || (await s256(verifier)) !== code.challenge || form.get('resource') !== code.resource)
        return c.json({ error: 'invalid_grant' }, 400)
      issued = {
        scope: options.grantOnly ?? code.scope,
        resource: code.resource,
        clientId: code.clientId,
        expires: 0,
      }
    } else if (grant === 'refresh_token') {
      counters.refreshes++
      const old = refreshTokens.get(form.get('refresh_token') ?? '')
      refreshTokens.delete(form.get('refresh_token') ?? '')
      if (!old) return c.json({ error: 'invalid_grant' }, 400)
      issued = old
    } else return c.json({ error: 'unsupported_grant_type' }, 400)
    const access = `at-${++n}`
    const expiresIn = options.expiresIn ?? 3600
    tokens.set(access, { ...issued, expires: Date.now() + expiresIn * 1000 })
    const refresh = issued.scope.split(' ').includes('offline_access') ? `rt-${++n}` : undefined
    if (refresh) refreshTokens.set(refresh, issued)
    return c.json({
      access_token: access,
      token_type: 'Bearer',
      expires_in: expiresIn,
      scope: issued.scope,
      ...(refresh && { refresh_token: refresh }),
    })
  })

  // ---- resource server ----
  const server = new McpServer({ name: 'notes', version: '1.0.0' })
  server.tool('whoami', {}, () => ({ content: [{ type: 'text', text: 'you' }] }))
  const rs = new Hono()
  rs.use('*', record(seen.rs))
  options.routes?.rs?.(rs, urls)
  const prmDoc = (): Record<string, unknown> => {
    const doc = { resource: urls.mcp, authorization_servers: [urls.issuer], scopes_supported: ['notes:read'] }
    return options.prmPatch ? options.prmPatch(doc, urls) : doc
  }
  if (options.prm !== 'none') {
    const path =
      options.prm === 'root'
        ? '/.well-known/oauth-protected-resource'
        : '/.well-known/oauth-protected-resource/mcp'
    rs.get(path, (c) => c.json(prmDoc()))
  }
  const challenge = (extra: string[]) =>
    [
      ...extra,
      ...(options.challengeScope && extra.length === 0 ? [`scope="${options.challengeScope}"`] : []),
      ...(options.challengeMetadata !== false && options.prm !== 'none'
        ? [
            `resource_metadata="${urls.rsOrigin}/.well-known/oauth-protected-resource${options.prm === 'root' ? '' : '/mcp'}"`,
          ]
        : []),
    ].join(', ')
  rs.use('/mcp', async (c, next) => {
    const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1]
    const grant = token ? tokens.get(token) : undefined
    if (!grant || grant.expires <= Date.now() || grant.resource !== urls.mcp)
      return c.json({ error: 'invalid_token' }, 401, { 'WWW-Authenticate': `Bearer ${challenge([])}`.trim() })
    const body = c.req.method === 'POST' ? await c.req.raw.clone().text() : ''
    const needed = options.callScope?.split(' ') ?? []
    const held = grant.scope.split(' ')
    if (body.includes('"tools/call"') && !needed.every((s) => held.includes(s)))
      return c.json({ error: 'insufficient_scope' }, 403, {
        'WWW-Authenticate': `Bearer ${challenge(['error="insufficient_scope"', `scope="${options.callScope}"`])}`,
      })
    await next()
  })
  rs.route('/mcp', createMcpHandler(server))

  // ---- attacker ----
  const attacker = new Hono()
  attacker.use('*', record(seen.attacker))
  attacker.all('*', (c) => c.json({ error: 'gotcha' }, 200))

  const running: RunningServer[] = await Promise.all([serve(rs), serve(as), serve(attacker)])
  onTestFinished(() => Promise.all(running.map((r) => r.close())).then(() => {}))
  const [rsRun, asRun, attackerRun] = running as [RunningServer, RunningServer, RunningServer]
  Object.assign(urls, {
    rsOrigin: rsRun.url,
    mcp: `${rsRun.url}/mcp`,
    issuer: asRun.url,
    attacker: attackerRun.url,
  })
  return { urls, seen, counters, tokens }
}

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)))
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** The part of a login a browser does, for a test: follow the approval redirect and hand back the callback URL. */
export async function approve({ url }: { url: URL }): Promise<string> {
  const response = await fetch(url, { redirect: 'manual' })
  await response.body?.cancel()
  return new URL(response.headers.get('location') ?? '', url).href
}
