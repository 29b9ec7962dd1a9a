import { describe, expect, it } from 'vitest'
import { measure } from './measure.mjs'
import { peers, REFERENCE } from './peers.mjs'

describe('peer comparison entries', () => {
  it('each bundles its server and transport, with nothing left external', async () => {
    expect(peers.some((p) => p.name === REFERENCE)).toBe(true)
    for (const peer of peers) {
      const m = await measure(peer)
      expect(m.minified, peer.name).toBeGreaterThan(5000)
      // Everything bundled: the only import left is the Workers runtime module.
      const imports = [...m.code.matchAll(/from\s*"([^"]+)"/g)].map((x) => x[1])
      expect(
        imports.filter((i) => i !== 'cloudflare:workers'),
        peer.name,
      ).toEqual([])
    }
  }, 60_000)
})
