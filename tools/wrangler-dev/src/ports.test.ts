import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ephemeralLow, freePort, portFree, takenPorts, waitPortFree } from './ports.js'

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

  it('picks below the ephemeral range, which connections and listen(0) are handed from', async () => {
    const low = ephemeralLow()
    for (let i = 0; i < 20; i++) {
      const port = await freePort()
      expect(port).toBeGreaterThanOrEqual(Math.min(10_000, low - 1_001))
      expect(port).toBeLessThan(low)
    }
  })

  it('reads the range from the system, else takes IANA’s', () => {
    const dir = mkdtempSync(join(tmpdir(), 'edgemcp-ports-'))
    try {
      writeFileSync(join(dir, 'range'), '20000\t60999\n')
      expect(ephemeralLow(join(dir, 'range'))).toBe(20_000)
      writeFileSync(join(dir, 'odd'), 'x y\n')
      expect(ephemeralLow(join(dir, 'odd'))).toBe(49_152)
      expect(ephemeralLow(join(dir, 'missing'))).toBe(49_152)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('reads the ports wrangler and workerd could not bind from their output', () => {
    const log = [
      'kj::Exception: ::bind(sockfd, &addr.generic, addrlen): Address already in use; toString() = 127.0.0.1:46637',
      '✘ [ERROR] Address already in use (127.0.0.1:22247). Please check that you are not already running a server',
      'Ready on http://127.0.0.1:3000',
    ].join('\n')
    expect(takenPorts(log)).toEqual([46637, 22247])
    expect(takenPorts('Ready on http://127.0.0.1:3000')).toEqual([])
  })
})
