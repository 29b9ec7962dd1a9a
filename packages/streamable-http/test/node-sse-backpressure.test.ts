import { eventually } from '@edgemcp/test-helpers'
import { type IncomingMessage, request, ServerResponse } from 'node:http'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { numbered, numberedEvents, openSession, sessionOf, startNode } from './node-sse-helpers.js'

afterEach(() => {
  vi.restoreAllMocks()
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('back-pressure of a GET stream on node:http', () => {
  it('once write() returns false nothing more is written (events held, keep-alives skipped) until drain; then all arrives in order', async () => {
    // (No byte budget here: this is about order under back-pressure; budgets are test/budgets.test.ts.)
    const fixture = await startNode({
      keepAliveMs: 10,
      maxBufferedBytes: 1 << 30,
      maxBufferedBytesPerClient: 1 << 30,
    })
    const { id, headers } = await openSession(fixture.url)
    const session = await sessionOf(fixture, id)

    // What the server writes to this stream's response: `w<events>` accepted, `W<events>` over the high-water
    // mark (wait for drain), `k` a keep-alive comment, then `drain`.
    const log: string[] = []
    let target: ServerResponse | undefined
    const write = ServerResponse.prototype.write
    vi.spyOn(ServerResponse.prototype, 'write').mockImplementation(function (
      this: ServerResponse,
      ...args: Parameters<ServerResponse['write']>
    ) {
      const ok = (write as (...a: unknown[]) => boolean).apply(this, args)
      if (!target && typeof args[0] === 'string' && args[0].startsWith('id: ')) {
        target = this
        this.on('drain', () => log.push('drain'))
      }
      if (this === target) {
        const chunk = String(args[0])
        const events = chunk.split('\ndata: ').length - 1
        log.push(chunk === ': \n\n' ? 'k' : `${ok ? 'w' : 'W'}${events}`)
      }
      return ok
    })

    // A client that reads the head, then stops reading.
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(fixture.url, { headers: { Accept: 'text/event-stream', ...headers } }, resolve)
      req.on('error', reject)
      req.end()
    })
    expect(response.statusCode).toBe(200)
    response.pause()
    await eventually(() => expect(log.length).toBeGreaterThan(0))

    // Big events until the socket pushes back (the kernel buffers take a few MiB first).
    const big = 'x'.repeat(2 << 20)
    const congested = () => log.some((e) => e.startsWith('W'))
    let sent = 0
    while (!congested() && sent < 40) {
      await session.notify({ ...numbered(sent), params: { level: 'info', data: `n${sent}`, big } })
      sent++
    }
    expect(congested()).toBe(true)
    for (let n = sent; n < sent + 20; n++) await session.notify(numbered(n))
    await sleep(80) // several keep-alive periods

    let text = ''
    response.setEncoding('utf8')
    response.on('data', (chunk: string) => {
      text += chunk
    })
    response.resume()
    const total = sent + 20
    await eventually(() => expect(numberedEvents(text)).toHaveLength(total))
    expect(numberedEvents(text).map((e) => e.n)).toEqual(Array.from({ length: total }, (_, n) => `n${n}`))
    // Never a write (event or keep-alive) between a refused write and the next drain ...
    log.forEach((e, i) => {
      if (e.startsWith('W')) expect([undefined, 'drain']).toContain(log[i + 1])
    })
    // ... and what was held meanwhile went out in one write after it.
    const afterDrain = log.flatMap((e, i) => (e === 'drain' && log[i + 1] ? [log[i + 1] as string] : []))
    expect(afterDrain.some((e) => Number(e.slice(1)) > 1)).toBe(true)
    response.destroy()
  })
})
