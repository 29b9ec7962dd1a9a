import { createOAuthProvider } from '@edgemcp/auth/client'
import { headlessAuthorize, mcpHttp } from '@edgemcp/testing'
import { McpHttpError } from '@edgemcp/core'
import { describe, expect, inject, it } from 'vitest'

const url = inject('mcpUrl')

/** A client that signs in as `user` on the consent page (dynamic registration, PKCE), as a real client does. */
const signedIn = (user: string) =>
  createOAuthProvider({
    serverUrl: url,
    client: { name: 'tests', redirectUri: 'http://127.0.0.1:9/callback' }, // never fetched
    authorize: headlessAuthorize({ fill: { user } }),
  })

it('refuses a request without a token (401 with the resource metadata)', async () => {
  const app = mcpHttp(url, { transport: 'streamable-http' })
  try {
    const error = await app.initialize().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpHttpError)
    expect((error as McpHttpError).status).toBe(401)
  } finally {
    await app.close()
  }
})

describe.each(['2025-11-25', '2026-07-28'] as const)('signed in, at %s', (protocolVersion) => {
  it('knows the caller and asks for a name (elicitation)', async () => {
    const app = mcpHttp(url, {
      protocolVersion,
      auth: signedIn('alice'),
      onElicit: () => ({ action: 'accept', content: { name: 'Ada' } }),
    })
    try {
      const who = await app.callTool('whoami', {})
      expect(who.structuredContent).toMatchObject({ subject: 'alice' })
      const greeting = await app.callTool('greet', {})
      expect(greeting.content[0]?.text).toBe('Hello, Ada!')
      const about = await app.readResource('info://about')
      expect(JSON.stringify(about)).toContain('OAuth')
    } finally {
      await app.close()
    }
  })
})
