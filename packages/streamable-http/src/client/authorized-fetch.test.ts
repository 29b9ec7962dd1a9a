import type { AuthChallenge, AuthProvider } from '@edgemcp/core'
import { describe, expect, it } from 'vitest'
import { authorizedFetch } from './authorized-fetch.js'

/** A fetch that answers from a script and records what it was sent. */
function scripted(...answers: Array<() => Response>) {
  const sent: Array<{ url: string; method: string; auth: string | null; body: unknown }> = []
  const fetchImpl = async (input: string | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    sent.push({
      url: String(input),
      method: init.method ?? 'GET',
      auth: headers.get('authorization'),
      body: init.body,
    })
    const next = answers.shift()
    if (!next) throw new Error('no more answers')
    return next()
  }
  return { fetchImpl, sent }
}

const challenge = (status: number, value: string) =>
  new Response('{"error":"x"}', { status, headers: { 'WWW-Authenticate': value } })

function tokenProvider(onChallenge: (c: AuthChallenge) => boolean | Promise<boolean>) {
  let token: string | undefined
  const seen: AuthChallenge[] = []
  const provider: AuthProvider = {
    headers: (): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {}),
    unauthorized: async (c) => {
      seen.push(c)
      const retry = await onChallenge(c)
      if (retry) token = `t${seen.length}`
      return retry
    },
  }
  return { provider, seen }
}

describe('authorizedFetch', () => {
  it('adds the provider headers to every request and keeps the caller headers', async () => {
    const { fetchImpl, sent } = scripted(() => new Response('ok'))
    const provider: AuthProvider = {
      headers: () => ({ Authorization: 'Bearer a' }),
      unauthorized: async () => false,
    }
    const res = await authorizedFetch(provider, fetchImpl)('https://x.test/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(await res.text()).toBe('ok')
    expect(sent).toEqual([{ url: 'https://x.test/mcp', method: 'POST', auth: 'Bearer a', body: '{}' }])
  })

  it('hands a 401 challenge to the provider and retries once with the new headers, body included', async () => {
    const { fetchImpl, sent } = scripted(
      () => challenge(401, 'Bearer resource_metadata="https://x.test/.well-known/oauth-protected-resource"'),
      () => new Response('ok'),
    )
    const { provider, seen } = tokenProvider(() => true)
    const res = await authorizedFetch(provider, fetchImpl)('https://x.test/mcp', {
      method: 'POST',
      body: 'b',
    })
    expect(res.status).toBe(200)
    expect(sent.map((s) => [s.auth, s.body])).toEqual([
      [null, 'b'],
      ['Bearer t1', 'b'],
    ])
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ url: 'https://x.test/mcp', method: 'POST', status: 401, sentHeaders: {} })
    expect(seen[0]?.headers.get('www-authenticate')).toContain('resource_metadata')
  })

  it('returns the refusal untouched (body readable) when the provider declines', async () => {
    const { fetchImpl } = scripted(() => challenge(403, 'Bearer error="insufficient_scope"'))
    const { provider } = tokenProvider(() => false)
    const res = await authorizedFetch(provider, fetchImpl)('https://x.test/mcp')
    expect(res.status).toBe(403)
    expect(await res.text()).toBe('{"error":"x"}')
  })

  it('retries at most twice: the third refusal is returned as it is', async () => {
    const { fetchImpl, sent } = scripted(
      () => challenge(401, 'Bearer'),
      () => challenge(403, 'Bearer error="insufficient_scope", scope="a"'),
      () => challenge(403, 'Bearer error="insufficient_scope", scope="a"'),
    )
    const { provider, seen } = tokenProvider(() => true)
    const res = await authorizedFetch(provider, fetchImpl)('https://x.test/mcp')
    expect(res.status).toBe(403)
    expect(sent.map((s) => s.auth)).toEqual([null, 'Bearer t1', 'Bearer t2'])
    expect(seen.map((c) => [c.status, c.sentHeaders])).toEqual([
      [401, {}],
      [403, { Authorization: 'Bearer t1' }],
    ])
  })

  it('passes other statuses through without asking the provider', async () => {
    const { fetchImpl } = scripted(() => new Response('nope', { status: 404 }))
    const { provider, seen } = tokenProvider(() => true)
    expect((await authorizedFetch(provider, fetchImpl)('https://x.test/mcp')).status).toBe(404)
    expect(seen).toEqual([])
  })

  it('a provider that throws fails the request with its error', async () => {
    const { fetchImpl } = scripted(() => challenge(401, 'Bearer'))
    const provider: AuthProvider = {
      headers: () => ({}),
      unauthorized: async () => {
        throw new Error('login cancelled')
      },
    }
    await expect(authorizedFetch(provider, fetchImpl)('https://x.test/mcp')).rejects.toThrow(
      'login cancelled',
    )
  })
})
