import { describe, expect, it } from 'vitest'
import { canonicalJson, digestParams, MrtrSigner, type MrtrPayload } from './mrtr-state.js'

const payload = (e = Date.now() + 60_000): MrtrPayload => ({
  v: 1,
  m: 'tools/call',
  d: 'x',
  e,
  r: { a: 1 },
  q: ['a'],
})

describe('MrtrSigner', () => {
  it('round-trips a payload', async () => {
    const s = new MrtrSigner('secret')
    const state = await s.sign(payload())
    expect(await s.verify(state)).toMatchObject({ m: 'tools/call', r: { a: 1 } })
  })

  it('rejects tampered, foreign, expired and garbage state', async () => {
    const s = new MrtrSigner('secret')
    const state = await s.sign(payload())
    const [body, sig] = state.split('.') as [string, string]
    const forged = btoa(JSON.stringify({ ...payload(), r: { a: 2 } })).replace(/=+$/, '')
    expect(await s.verify(`${forged}.${sig}`)).toBeUndefined()
    expect(await s.verify(`${body}.${sig.slice(0, -2)}AA`)).toBeUndefined()
    expect(await new MrtrSigner('other').verify(state)).toBeUndefined()
    expect(await s.verify(await s.sign(payload(Date.now() - 1)))).toBeUndefined()
    expect(await s.verify('not-a-state')).toBeUndefined()
    expect(await s.verify('!!.??')).toBeUndefined()
  })

  it('digests params independent of key order', async () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe('{"a":[1,{"c":3,"d":2}],"b":1}')
    expect(await digestParams({ a: 1, b: 2 })).toBe(await digestParams({ b: 2, a: 1 }))
    expect(await digestParams({ a: 1 })).not.toBe(await digestParams({ a: 2 }))
  })
})
