import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createOAuthProvider, MemoryOAuthStore } from '@edgemcp/auth/client'
import { McpClient, McpHttpError } from '@edgemcp/core'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { headlessAuthorize } from '@edgemcp/testing'
import { startWranglerDev, type WranglerDev } from '@edgemcp/tools-wrangler-dev'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Red-team findings on the sample's authorization server (issue #33: M3, M4, L5), under `wrangler dev` with
 * tokens from its real OAuth flow: per-tool scopes, bounded client registration, refresh token reuse.
 */

let dev: WranglerDev
let mcp: string
let persistTo: string
const REDIRECT = 'http://127.0.0.1:9/callback'

beforeAll(async () => {
  persistTo = mkdtempSync(join(tmpdir(), 'edgemcp-oauth-hardening-'))
  dev = await startWranglerDev({
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    config: 'wrangler.oauth.jsonc',
    persistTo,
    vars: { MCP_MRTR_SECRET: 'e2e-only-secret' },
  })
  mcp = `${dev.url}/mcp`
})
afterAll(async () => {
  await dev?.stop()
  if (persistTo) rmSync(persistTo, { recursive: true, force: true })
})

/** Bytes under `dir` (what the local KV and Durable Objects hold on disk). */
function bytesUnder(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size
  return total
}

/** A user's client, its store readable (client id, tokens). */
function login(user: string, fill: Record<string, string> = {}) {
  const values = new Map<string, string>()
  const store = new MemoryOAuthStore()
  const recording = {
    get: (k: string) => store.get(k),
    set: (k: string, v: string) => {
      values.set(k, v)
      store.set(k, v)
    },
    delete: (k: string) => store.delete(k),
  }
  const auth = createOAuthProvider({
    serverUrl: mcp,
    client: { name: 'hardening', redirectUri: REDIRECT },
    authorize: headlessAuthorize({ fill: { user, ...fill } }),
    store: recording,
  })
  const clientId = () => {
    for (const v of values.values()) {
      const parsed = JSON.parse(v) as { source?: string; client_id?: string }
      if (parsed.source !== undefined && parsed.client_id) return parsed.client_id
    }
    throw new Error('no client registered')
  }
  return { auth, clientId }
}

async function connect(auth: ReturnType<typeof createOAuthProvider>) {
  const client = new McpClient({ name: 'hardening', version: '1.0.0' }, { protocol: 'modern' })
  await client.connect(new StreamableHttpClientTransport(mcp, { authProvider: auth }))
  return client
}

/** A client holding exactly `token`: no refresh, no step-up. */
async function withToken(token: string) {
  const client = new McpClient({ name: 'fixed', version: '1.0.0' }, { protocol: 'modern' })
  const authProvider = {
    headers: () => ({ Authorization: `Bearer ${token}` }),
    unauthorized: async () => false,
  }
  await client.connect(new StreamableHttpClientTransport(mcp, { authProvider }))
  return client
}

const refresh = (clientId: string, refreshToken: string) =>
  fetch(`${dev.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
    }),
  })

const register = (metadata: object) =>
  fetch(`${dev.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', ...metadata }),
  })

describe('the sample authorization server, hardened (M3, M4, L5)', () => {
  it('M3: a token without notes:write reads notes but cannot write them (403 insufficient_scope)', async () => {
    const { auth } = login('reader')
    const client = await connect(auth)
    expect((await client.callTool({ name: 'whoami', arguments: {} })).structuredContent).toMatchObject({
      scopes: ['notes:read', 'offline_access'],
    })
    await client.close()
    const token = (await auth.tokens())?.access_token as string

    const reader = await withToken(token)
    const found = await reader.callTool({ name: 'search_notes', arguments: { query: 'x' } })
    expect(found.isError).not.toBe(true)
    const refused = await reader
      .callTool({ name: 'add_note', arguments: { title: 'sneaky', body: 'write' } })
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    expect(refused).toBeInstanceOf(McpHttpError)
    expect((refused as McpHttpError).status).toBe(403)
    await reader.close()

    const raw = await fetch(mcp, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'append_to_note', arguments: { id: 1, text: 'x' } },
      }),
    })
    expect(raw.status).toBe(403)
    const challenge = raw.headers.get('www-authenticate') ?? ''
    expect(challenge).toContain('error="insufficient_scope"')
    expect(challenge).toContain('scope="notes:read notes:write"')
    expect(challenge).toContain(`resource_metadata="${dev.url}/.well-known/oauth-protected-resource/mcp"`)
    expect(await raw.json()).toMatchObject({
      error: { data: { error: 'insufficient_scope', scope: 'notes:write' } },
    })
  })

  it('M3: an unticked write box holds; a user who grants write on step-up can write', async () => {
    // The user unticks notes:write on every consent: the write never happens.
    const { auth: unticked } = login('careful', { scope: 'notes:read' })
    const careful = await connect(unticked)
    await expect(
      careful.callTool({ name: 'add_note', arguments: { title: 'no', body: 'no' } }),
    ).rejects.toThrow()
    const none = await careful.callTool({ name: 'search_notes', arguments: { query: 'no' } })
    expect(none.structuredContent).toEqual({ notes: [] })
    await careful.close()

    // The scope challenge makes our client ask again; this user grants write, and the note is added.
    const { auth } = login('writer')
    const writer = await connect(auth)
    const added = await writer.callTool({ name: 'add_note', arguments: { title: 'yes', body: 'granted' } })
    expect(added.isError).not.toBe(true)
    expect((await writer.callTool({ name: 'whoami', arguments: {} })).structuredContent).toMatchObject({
      scopes: expect.arrayContaining(['notes:read', 'notes:write']),
    })
    await writer.close()
  })

  it('L5: a refresh token may be retried once; its third use, or a left-behind one, revokes the grant', async () => {
    const { auth, clientId } = login('rotator')
    await (await connect(auth)).close()
    const first = await auth.tokens()
    const r0 = first?.refresh_token as string
    expect(r0).toBeDefined()

    const once = await refresh(clientId(), r0)
    expect(once.status).toBe(200)
    // The answer was "lost": the client retries with the same token, which the library allows.
    const retry = await refresh(clientId(), r0)
    expect(retry.status).toBe(200)
    const { refresh_token: r2, access_token: a2 } = (await retry.json()) as Record<string, string>
    // A third use is a replay: the grant goes, with every token of it.
    const replay = await refresh(clientId(), r0)
    expect(replay.status).toBe(400)
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' })
    expect((await refresh(clientId(), r2 as string)).status).toBe(400)
    const probe = await fetch(mcp, {
      method: 'POST',
      headers: { authorization: `Bearer ${a2}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(probe.status).toBe(401)

    // A token rotation left behind (R0 → R1 → R2, then R0 again) revokes the grant too.
    const { auth: other, clientId: otherId } = login('rotator2')
    await (await connect(other)).close()
    const s0 = (await other.tokens())?.refresh_token as string
    const s1 = ((await (await refresh(otherId(), s0)).json()) as Record<string, string>).refresh_token
    const step = await refresh(otherId(), s1 as string)
    expect(step.status).toBe(200)
    const s2 = ((await step.json()) as Record<string, string>).refresh_token
    expect((await refresh(otherId(), s0)).status).toBe(400)
    expect((await refresh(otherId(), s2 as string)).status).toBe(400)
  })

  it('M4: client metadata over 8 KiB is refused with 400 invalid_client_metadata; 20 × 1 MiB hold nothing', async () => {
    const before = bytesUnder(persistTo)
    let refusedAsTooBig = 0
    for (let i = 0; i < 20; i++) {
      const res = await register({ client_name: 'x'.repeat(1_000_000) })
      if (res.status === 400) {
        expect(await res.json()).toMatchObject({ error: 'invalid_client_metadata' })
        refusedAsTooBig++
      } else await res.text()
    }
    const grown = bytesUnder(persistTo) - before
    console.log(`20 registrations of 1 MB metadata: +${grown} bytes on disk`)
    expect(refusedAsTooBig).toBe(20)
    expect(grown).toBeLessThan(1_000_000)
  })

  it('M4: registrations expire unused (7 days) and are limited per address (429 with Retry-After)', async () => {
    // A confidential client: its registration answer says when it expires (RFC 7591 client_secret_expires_at).
    const res = await register({ client_name: 'small', token_endpoint_auth_method: 'client_secret_basic' })
    expect(res.status).toBe(201)
    const client = (await res.json()) as { client_id_issued_at: number; client_secret_expires_at: number }
    expect(client.client_secret_expires_at - client.client_id_issued_at).toBe(7 * 24 * 3600)

    // The tests above registered clients from this address too: the eleventh of the hour is refused.
    let limited: Response | undefined
    let accepted = 1
    for (let i = 0; i < 12 && limited === undefined; i++) {
      const next = await register({ client_name: `n${i}` })
      if (next.status === 429) limited = next
      else {
        expect(next.status).toBe(201)
        await next.text()
        accepted++
      }
    }
    expect(limited?.status).toBe(429)
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await limited?.json()).toMatchObject({ error: 'too_many_requests' })
    expect(accepted).toBeLessThanOrEqual(10)
  })
})
