import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createOAuthProvider, MemoryOAuthStore } from '@edgemcp/auth/client'
import { McpClient } from '@edgemcp/core'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { headlessAuthorize } from '@edgemcp/testing'
import { startWranglerDev, type WranglerDev } from '@edgemcp/tools-wrangler-dev'
import { Client as SdkClient } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport as SdkTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js'
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

/**
 * The sample as its own authorization server (wrangler.oauth.jsonc: @cloudflare/workers-oauth-provider in front
 * of /mcp) under `wrangler dev`, and three clients logging in to it over real HTTP: ours, ours through
 * @edgemcp/testing, and the official SDK's. The "user" is headlessAuthorize filling the sign-in and consent
 * page.
 */

let dev: WranglerDev
let mcp: string
const REDIRECT = 'http://127.0.0.1:9/callback' // never reached: the headless user stops at the redirect

beforeAll(async () => {
  dev = await startWranglerDev({
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    config: 'wrangler.oauth.jsonc',
    vars: { MCP_MRTR_SECRET: 'e2e-only-secret' },
  })
  mcp = `${dev.url}/mcp`
})
afterAll(() => dev?.stop())

const provider = (user: string, store = new MemoryOAuthStore()) =>
  createOAuthProvider({
    serverUrl: mcp,
    client: { name: 'e2e', redirectUri: REDIRECT },
    authorize: headlessAuthorize({ fill: { user } }),
    store,
  })

async function connect(auth: ReturnType<typeof provider>, protocol: 'legacy' | 'modern') {
  const client = new McpClient({ name: 'e2e', version: '1.0.0' }, { protocol })
  await client.connect(new StreamableHttpClientTransport(mcp, { authProvider: auth }))
  return client
}

describe('the sample with its own authorization server, under wrangler dev', () => {
  it('refuses /mcp without a token, with the RFC 9728 challenge', async () => {
    const res = await fetch(mcp, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toContain(
      `resource_metadata="${dev.url}/.well-known/oauth-protected-resource/mcp"`,
    )
  })

  it('our client logs in (DCR, consent, PKCE) in both eras; each user sees their own notes', async () => {
    for (const protocol of ['modern', 'legacy'] as const) {
      const alice = await connect(provider('alice'), protocol)
      const who = await alice.callTool({ name: 'whoami', arguments: {} })
      expect(who.structuredContent, protocol).toEqual({
        subject: 'alice',
        issuer: dev.url,
        scopes: ['notes:read', 'offline_access'],
      })
      await alice.callTool({ name: 'add_note', arguments: { title: `alice ${protocol}`, body: 'secret' } })
      await alice.close()
    }
    const bob = await connect(provider('bob'), 'modern')
    const found = await bob.callTool({ name: 'search_notes', arguments: { query: 'alice' } })
    expect(JSON.stringify(found.content)).not.toContain('alice modern')
    await bob.close()
  })

  it('refreshes an expired token at the authorization server, without another login', async () => {
    const store = new MemoryOAuthStore()
    const auth = provider('carol', store)
    const client = await connect(auth, 'modern')
    const first = await auth.tokens()
    expect(first?.refresh_token).toBeDefined()
    // The token's expiry passes on the client's clock (the server still accepts the old token meanwhile).
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 2 * 3600_000)
    try {
      await client.callTool({ name: 'whoami', arguments: {} })
    } finally {
      vi.useRealTimers()
    }
    const second = await auth.tokens()
    expect(second?.access_token).not.toBe(first?.access_token)
    expect((await client.callTool({ name: 'whoami', arguments: {} })).structuredContent).toMatchObject({
      subject: 'carol',
    })
    await client.close()
  })

  it('edgemcp-codegen --auth logs in through the consent page and writes stubs from the protected server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'codegen-oauth-'))
    try {
      const codegenDir = dirname(createRequire(import.meta.url).resolve('@edgemcp/codegen/package.json'))
      const cli = join(codegenDir, 'bin', 'edgemcp-codegen.js')
      const store = join(dir, 'oauth.json')
      const out = join(dir, 'notes-client.ts')
      const user = headlessAuthorize({ fill: { user: 'erin' } })
      const run = () =>
        new Promise<{ code: number | null; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, [cli, mcp, '--auth', '--auth-store', store, '-o', out], {
            env: { ...process.env, CI: '' },
          })
          let stderr = ''
          let opened = false
          child.stderr.on('data', (chunk: Buffer) => {
            stderr += chunk.toString()
            const url = /^\s+(http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+)$/m.exec(stderr)?.[1]
            if (!url || opened) return
            opened = true
            // The browser: sign in and consent, then reach codegen's loopback callback.
            const request = new URL(url)
            const redirectUri = request.searchParams.get('redirect_uri') ?? ''
            void user({ url: request, redirectUri }).then((callback) => fetch(callback).then((r) => r.text()))
          })
          child.on('exit', (code) => resolve({ code, stderr }))
        })
      const first = await run()
      expect(first.code, first.stderr).toBe(0)
      expect(first.stderr).toMatch(/log in to http:\/\/127\.0\.0\.1:\d+ in your browser/)
      const stubs = readFileSync(out, 'utf8')
      for (const tool of ['addNote', 'searchNotes', 'whoami']) expect(stubs).toContain(tool)
      // The tokens are kept: a second run needs no login.
      const second = await run()
      expect(second.code, second.stderr).toBe(0)
      expect(second.stderr).not.toMatch(/log in to/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('the official SDK 1.32.2 client completes the same login', async () => {
    const state: {
      client?: OAuthClientInformationMixed
      tokens?: OAuthTokens
      verifier?: string
      code?: string
    } = {}
    const user = headlessAuthorize({ fill: { user: 'dave' } })
    const sdkProvider = {
      redirectUrl: REDIRECT,
      clientMetadata: {
        client_name: 'sdk e2e',
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'none',
      },
      clientInformation: () => state.client,
      saveClientInformation: (info: OAuthClientInformationMixed) => {
        state.client = info
      },
      tokens: () => state.tokens,
      saveTokens: (tokens: OAuthTokens) => {
        state.tokens = tokens
      },
      saveCodeVerifier: (verifier: string) => {
        state.verifier = verifier
      },
      codeVerifier: () => state.verifier ?? '',
      redirectToAuthorization: async (url: URL) => {
        const callback = new URL(await user({ url, redirectUri: REDIRECT }))
        const code = callback.searchParams.get('code')
        if (code) state.code = code
      },
    }
    const first = new SdkTransport(new URL(mcp), { authProvider: sdkProvider })
    await expect(new SdkClient({ name: 'sdk-e2e', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(
      UnauthorizedError,
    )
    expect(state.code).toBeDefined()
    await first.finishAuth(state.code as string)
    const client = new SdkClient({ name: 'sdk-e2e', version: '1.0.0' })
    await client.connect(new SdkTransport(new URL(mcp), { authProvider: sdkProvider }))
    const who = await client.callTool({ name: 'whoami', arguments: {} })
    expect(who.structuredContent).toMatchObject({ subject: 'dave', issuer: dev.url })
    await client.close()
  })
})
