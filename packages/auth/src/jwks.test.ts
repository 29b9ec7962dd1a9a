import { describe, expect, it } from 'vitest'
import { jwksApp } from '../test/helpers/jwks-app.js'
import { AuthError } from './errors.js'
import { cacheMaxAge, RemoteJwks, type RemoteJwksOptions, staticJwks } from './jwks.js'

const KEY = { kty: 'EC', kid: 'k', crv: 'P-256', x: 'x', y: 'y' }

function remote(cacheControl: string, options: RemoteJwksOptions = {}) {
  const app = jwksApp([KEY], cacheControl)
  const clock = { ms: 0 }
  const jwks = new RemoteJwks(app.url, { fetch: app.fetch, now: () => clock.ms, ...options })
  return { app, clock, jwks }
}

describe('cacheMaxAge', () => {
  it('reads max-age, treats no-cache/no-store as 0, ignores the rest', () => {
    expect(cacheMaxAge('public, max-age=600, must-revalidate')).toBe(600)
    expect(cacheMaxAge('Max-Age="42"')).toBe(42)
    expect(cacheMaxAge('max-age=600, no-store')).toBe(0)
    expect(cacheMaxAge('no-cache')).toBe(0)
    expect(cacheMaxAge('s-maxage=9, public')).toBeUndefined()
    expect(cacheMaxAge(null)).toBeUndefined()
  })
})

describe('RemoteJwks', () => {
  it('keeps keys for max-age', async () => {
    const { app, clock, jwks } = remote('max-age=120')
    expect(await jwks.keys()).toEqual([KEY])
    clock.ms = 119_999
    await jwks.keys()
    expect(app.state.hits).toBe(1)
    clock.ms = 120_000
    await jwks.keys()
    expect(app.state.hits).toBe(2)
  })

  it('raises a short max-age (and no-store) to the floor and caps a long one at the ceiling', async () => {
    for (const cc of ['max-age=1', 'no-store']) {
      const { app, clock, jwks } = remote(cc, { minTtlSec: 60 })
      await jwks.keys()
      clock.ms = 59_000
      await jwks.keys()
      expect(app.state.hits).toBe(1)
      clock.ms = 60_000
      await jwks.keys()
      expect(app.state.hits).toBe(2)
    }
    const { app, clock, jwks } = remote('max-age=31536000', { maxTtlSec: 3600 })
    await jwks.keys()
    clock.ms = 3_600_000
    await jwks.keys()
    expect(app.state.hits).toBe(2)
  })

  it('uses the default lifetime without Cache-Control', async () => {
    const { app, clock, jwks } = remote('', { defaultTtlSec: 100 })
    await jwks.keys()
    clock.ms = 99_000
    await jwks.keys()
    expect(app.state.hits).toBe(1)
    clock.ms = 100_000
    await jwks.keys()
    expect(app.state.hits).toBe(2)
  })

  it('shares one fetch between concurrent callers', async () => {
    const { app, jwks } = remote('max-age=60')
    await Promise.all([jwks.keys(), jwks.keys(), jwks.keys(), jwks.reload()])
    expect(app.state.hits).toBe(1)
    expect(jwks.fetchCount).toBe(1)
  })

  it('reloads at most once per cooldown', async () => {
    const { app, clock, jwks } = remote('max-age=3600', { cooldownSec: 10 })
    await jwks.keys()
    expect(await jwks.reload()).toBe(false)
    clock.ms = 10_000
    expect(await jwks.reload()).toBe(true)
    expect(await jwks.reload()).toBe(false)
    expect(app.state.hits).toBe(2)
  })

  it('does not hammer an issuer that is down', async () => {
    const { app, clock, jwks } = remote('max-age=60', { cooldownSec: 10 })
    app.state.status = 500
    const reason = async () =>
      jwks.keys().then(
        () => 'ok',
        (e: AuthError) => e.reason,
      )
    expect(await reason()).toBe('jwks_unavailable')
    expect(await reason()).toBe('jwks_unavailable')
    expect(app.state.hits).toBe(1)
    clock.ms = 10_000
    app.state.status = 200
    expect(await reason()).toBe('ok')
    expect(app.state.hits).toBe(2)
  })

  it('refuses bodies that are not a JWKS or are too large', async () => {
    const bad = async (body: string, options: RemoteJwksOptions = {}) => {
      const jwks = new RemoteJwks('https://as.example/jwks', {
        fetch: async () => new Response(body, { headers: { 'content-type': 'application/json' } }),
        ...options,
      })
      return jwks.keys().then(
        () => 'ok',
        (e: unknown) => (e instanceof AuthError ? e.reason : String(e)),
      )
    }
    expect(await bad('nope')).toBe('jwks_unavailable')
    expect(await bad('{"keys": {}}')).toBe('jwks_unavailable')
    expect(await bad(JSON.stringify({ keys: [KEY], pad: 'x'.repeat(2000) }), { maxBytes: 1000 })).toBe(
      'jwks_unavailable',
    )
    expect(await bad(JSON.stringify({ keys: [KEY, null, 3, { kid: 'no-kty' }] }))).toBe('ok')
  })

  it('stops reading a body at its cap (an endless body is never read whole)', async () => {
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++
        controller.enqueue(new Uint8Array(64 * 1024).fill(32))
      },
    })
    const jwks = new RemoteJwks('https://as.example/jwks', {
      fetch: async () => new Response(endless, { headers: { 'content-type': 'application/json' } }),
      maxBytes: 256 * 1024,
    })
    await expect(jwks.keys()).rejects.toMatchObject({ reason: 'jwks_unavailable', message: /larger than/ })
    expect(pulled).toBeLessThan(10)
    const declared = new RemoteJwks('https://as.example/jwks', {
      fetch: async () => new Response('{}', { headers: { 'content-length': String(40 * 1024 * 1024) } }),
    })
    await expect(declared.keys()).rejects.toMatchObject({ message: /larger than/ })
  })

  it('refuses http:// off loopback and non-http URLs; a static set skips malformed entries', async () => {
    expect(() => new RemoteJwks('http://as.example/jwks')).toThrow(/https/)
    expect(() => new RemoteJwks('http://127.0.0.1:8080/jwks')).not.toThrow()
    expect(() => new RemoteJwks('http://localhost/jwks')).not.toThrow()
    expect(() => new RemoteJwks('file:///etc/jwks.json')).toThrow(TypeError)
    expect(await staticJwks({ keys: [KEY, { kid: 'x' } as never] }).keys()).toEqual([KEY])
  })
})
