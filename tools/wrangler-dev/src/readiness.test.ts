import { createServer, type Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { readinessProbe, waitUntilReady } from './readiness.js'

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** A server answering `statuses` in turn (the last one from then on); its URL. */
async function serve(statuses: number[]): Promise<string> {
  let i = 0
  server = createServer((_req, res) => {
    res.statusCode = statuses[Math.min(i++, statuses.length - 1)] as number
    res.end('x')
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const address = server.address() as { port: number }
  return `http://127.0.0.1:${address.port}/`
}

const base = { probe: readinessProbe, timeoutMs: 2_000, exited: () => undefined, intervalMs: 20 }

describe('waitUntilReady', () => {
  it('waits through non-200 answers until a 200', async () => {
    const url = await serve([503, 404, 200])
    expect(await waitUntilReady({ ...base, url })).toBeUndefined()
  })

  it('gives up after the timeout with the last status', async () => {
    const url = await serve([404])
    expect(await waitUntilReady({ ...base, url, timeoutMs: 300 })).toBe(
      'did not answer within 0.3 s (last status 404)',
    )
  })

  it('stops at once when the process has exited', async () => {
    const url = await serve([503])
    expect(await waitUntilReady({ ...base, url, exited: () => 'code 1' })).toBe('exited early (code 1)')
  })

  it('uses the given probe, and counts a refused connection as not ready', async () => {
    const url = await serve([200])
    const seen: string[] = []
    const probe = (u: string, signal: AbortSignal) => {
      seen.push(u)
      return seen.length < 3 ? Promise.reject(new Error('refused')) : fetch(u, { method: 'POST', signal })
    }
    expect(await waitUntilReady({ ...base, url, probe })).toBeUndefined()
    expect(seen).toEqual([url, url, url])
  })
})
