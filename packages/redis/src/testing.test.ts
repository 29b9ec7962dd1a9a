import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { freePort, startRedisServer } from './testing.js'

describe('startRedisServer ports', () => {
  it('picks free ports below the range connections and listen(0) are handed from', async () => {
    for (let i = 0; i < 20; i++) {
      const port = await freePort()
      expect(port).toBeGreaterThanOrEqual(10_000)
      expect(port).toBeLessThan(32_768)
    }
  })

  it('says so when the port the caller gave is taken, and does not swap it', async () => {
    const port = await freePort()
    const squatter = net.createServer()
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve))
    try {
      const error = await startRedisServer({ port }).catch((e: unknown) => e)
      expect(String(error)).toContain(`127.0.0.1:${port}: bind: Address already in use`)
    } finally {
      squatter.close()
    }
  })
})
