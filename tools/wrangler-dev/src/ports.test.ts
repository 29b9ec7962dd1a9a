import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { freePort, portFree, waitPortFree } from './ports.js'

describe('ports', () => {
  it('finds a free port, sees it taken while listened on and free again after', async () => {
    const port = await freePort()
    expect(port).toBeGreaterThan(0)
    expect(await portFree(port)).toBe(true)
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    expect(await portFree(port)).toBe(false)
    expect(await waitPortFree(port, 300)).toBe(false)
    const freed = waitPortFree(port, 5_000)
    setTimeout(() => server.close(), 200)
    expect(await freed).toBe(true)
  })
})
