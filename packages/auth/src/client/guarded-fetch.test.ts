import { describe, expect, it } from 'vitest'
import { guardedFetch, isLoopbackUrl, secureUrl } from './guarded-fetch.js'

const guard = (answer: (url: string, init: RequestInit) => Response, maxResponseBytes = 64) => {
  const calls: string[] = []
  const fetchImpl = async (input: string | URL, init: RequestInit = {}) => {
    calls.push(`${init.method ?? 'GET'} ${String(input)} redirect=${init.redirect}`)
    return answer(String(input), init)
  }
  return { calls, fetch: guardedFetch({ fetch: fetchImpl, maxResponseBytes, timeoutMs: 5000 }) }
}

describe('secureUrl / isLoopbackUrl', () => {
  it('https anywhere, http on loopback only', () => {
    for (const ok of [
      'https://a.test/x',
      'http://localhost:3000/cb',
      'http://127.0.0.1/x',
      'http://127.8.9.1/x',
      'http://[::1]:9/x',
      'http://app.localhost/x',
    ])
      expect(secureUrl(ok, 'x').href).toBe(new URL(ok).href)
    for (const bad of [
      'http://a.test/x',
      'http://10.0.0.1/x',
      'ftp://a.test',
      'javascript:alert(1)',
      'not a url',
      'http://127.0.0.1.evil.test/',
    ])
      expect(() => secureUrl(bad, 'x'), bad).toThrow(expect.objectContaining({ code: 'insecure_url' }))
    expect(isLoopbackUrl(new URL('http://localhost.evil.test'))).toBe(false)
  })
})

describe('guardedFetch', () => {
  it('never lets fetch follow redirects itself, follows a same-origin GET redirect, refuses the others', async () => {
    const { calls, fetch } = guard((url) =>
      url.endsWith('/a')
        ? new Response(null, { status: 301, headers: { location: '/b' } })
        : new Response('{}'),
    )
    expect(await (await fetch('https://a.test/a')).text()).toBe('{}')
    expect(calls).toEqual(['GET https://a.test/a redirect=manual', 'GET https://a.test/b redirect=manual'])
    const cross = guard(
      () => new Response(null, { status: 302, headers: { location: 'https://evil.test/x' } }),
    )
    await expect(cross.fetch('https://a.test/a')).rejects.toMatchObject({ code: 'redirect_refused' })
    expect(cross.calls).toHaveLength(1)
    const post = guard(() => new Response(null, { status: 307, headers: { location: '/same-origin' } }))
    await expect(post.fetch('https://a.test/token', { method: 'POST' })).rejects.toMatchObject({
      code: 'redirect_refused',
    })
    const loop = guard(() => new Response(null, { status: 302, headers: { location: '/again' } }))
    await expect(loop.fetch('https://a.test/a')).rejects.toMatchObject({ code: 'redirect_refused' })
    expect(loop.calls).toHaveLength(4)
  })

  it('refuses bodies over the limit, declared or not, and keeps status and headers of the others', async () => {
    const declared = guard(() => new Response('x'.repeat(65), { headers: { 'content-length': '65' } }))
    await expect(declared.fetch('https://a.test/')).rejects.toMatchObject({ code: 'response_too_large' })
    const streamed = guard(() => new Response(new Blob(['y'.repeat(100)]).stream()))
    await expect(streamed.fetch('https://a.test/')).rejects.toMatchObject({ code: 'response_too_large' })
    const ok = guard(
      () => new Response('{"a":1}', { status: 201, headers: { 'content-type': 'application/json' } }),
    )
    const res = await ok.fetch('https://a.test/')
    expect([res.status, res.headers.get('content-type'), await res.json()]).toEqual([
      201,
      'application/json',
      { a: 1 },
    ])
  })

  it('refuses an insecure URL before sending anything', async () => {
    const { calls, fetch } = guard(() => new Response('{}'))
    await expect(fetch('http://auth.example.com/token', { method: 'POST' })).rejects.toMatchObject({
      code: 'insecure_url',
    })
    expect(calls).toEqual([])
  })
})
