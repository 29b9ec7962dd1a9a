import { describe, expect, it } from 'vitest'
import type { PackedPackage } from './pack.js'
import { variantsFor } from './variants.js'

const pkg = (name: string, peers: Record<string, string>) =>
  ({ name, json: { name, version: '0.1.0', peerDependencies: peers } }) as unknown as PackedPackage

describe('variantsFor', () => {
  it('installs each peer at the lowest version of its range, and at the range itself for the newest', () => {
    const v = variantsFor([
      pkg('@edgemcp/a', { hono: '^4.6.0', '@hono/node-server': '^1.13.0 || ^2.0.0', '@edgemcp/b': '^0.1.0' }),
      pkg('@edgemcp/b', { vitest: '^3.2.0 || ^4.0.0' }),
    ])
    expect(v.lowest.peers).toEqual({ hono: '4.6.0', '@hono/node-server': '1.13.0', vitest: '3.2.0' })
    expect(v.newest.peers).toEqual({
      hono: '^4.6.0',
      '@hono/node-server': '^1.13.0 || ^2.0.0',
      vitest: '^3.2.0 || ^4.0.0',
    })
  })

  it('tests the range with the highest floor when two packages declare different ranges for one peer', () => {
    const v = variantsFor([pkg('@edgemcp/a', { hono: '^4.6.0' }), pkg('@edgemcp/b', { hono: '^4.8.2' })])
    expect(v.lowest.peers.hono).toBe('4.8.2')
    expect(v.newest.peers.hono).toBe('^4.8.2')
    expect(() =>
      variantsFor([pkg('@edgemcp/a', { hono: '^3.0.0' }), pkg('@edgemcp/b', { hono: '^4.0.0' })]),
    ).toThrow(/peer ranges of hono disagree/)
  })
})
