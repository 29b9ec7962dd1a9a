import { describe, expect, it } from 'vitest'
import { LoopbackLoginError, loopbackLogin } from './loopback.js'

describe('loopbackLogin', () => {
  it('resolves with the redirect of the callback that carries the state, and 404s the rest', async () => {
    const login = await loopbackLogin({ appName: 'test-cli' })
    expect(login.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    const waiting = login.wait('s1')
    expect((await fetch(`${login.redirectUri}?state=other&code=x`)).status).toBe(404)
    expect((await fetch(login.redirectUri.replace('/callback', '/elsewhere?state=s1'))).status).toBe(404)
    const ok = await fetch(`${login.redirectUri}?state=s1&code=abc`)
    expect(await ok.text()).toBe('test-cli: logged in, you can close this tab.\n')
    expect(await waiting).toBe(`${login.redirectUri}?state=s1&code=abc`)
    await login.close()
  })

  it('gives up after waitMs, and says why when the port is taken', async () => {
    const login = await loopbackLogin({ appName: 'x', waitMs: 10 })
    await expect(login.wait('s')).rejects.toThrow(/no login within 1 s/)
    const port = Number(new URL(login.redirectUri).port)
    await expect(loopbackLogin({ appName: 'x', port })).rejects.toBeInstanceOf(LoopbackLoginError)
    await login.close()
  })
})
