import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { StdioServerTransport } from './server-transport.js'

function setup() {
  const stdin = new PassThrough()
  const stdout = new PassThrough()
  const transport = new StdioServerTransport({ stdin, stdout })
  const received: unknown[] = []
  const written: string[] = []
  let closed = 0
  transport.onmessage = (m) => received.push(m)
  transport.onclose = () => closed++
  stdout.on('data', (c: Buffer) => written.push(...c.toString('utf8').split('\n').filter(Boolean)))
  return { stdin, stdout, transport, received, written, closed: () => closed }
}

const tick = () => new Promise((r) => setTimeout(r, 5))

describe('StdioServerTransport', () => {
  it('delivers each line as parsed JSON, batches included', async () => {
    const t = setup()
    await t.transport.start()
    t.stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n[{"jsonrpc":"2.0","method":"x"}]\n')
    await tick()
    expect(t.received).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }, [{ jsonrpc: '2.0', method: 'x' }]])
  })

  it('answers a non-JSON line with a parse error (id null) and keeps reading', async () => {
    const t = setup()
    await t.transport.start()
    t.stdin.write('hello there\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n')
    await tick()
    expect(t.written).toHaveLength(1)
    const reply = JSON.parse(t.written[0]!)
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } })
    expect(t.received).toEqual([{ jsonrpc: '2.0', id: 2, method: 'ping' }])
  })

  it('writes one line per message, in order', async () => {
    const t = setup()
    await t.transport.start()
    await Promise.all([
      t.transport.send({ jsonrpc: '2.0', method: 'a', params: { text: 'line\nbreak' } }),
      t.transport.send({ jsonrpc: '2.0', method: 'b' }),
    ])
    await tick()
    expect(t.written.map((l) => JSON.parse(l).method)).toEqual(['a', 'b'])
    expect(JSON.parse(t.written[0]!).params.text).toBe('line\nbreak')
  })

  it('closes once when stdin ends, and refuses to send afterwards', async () => {
    const t = setup()
    await t.transport.start()
    t.stdin.end('{"jsonrpc":"2.0","id":3,"method":"ping"}')
    await tick()
    expect(t.received).toEqual([{ jsonrpc: '2.0', id: 3, method: 'ping' }])
    expect(t.closed()).toBe(1)
    await t.transport.close()
    expect(t.closed()).toBe(1)
    await expect(t.transport.send({ jsonrpc: '2.0', method: 'late' })).rejects.toThrow(/closed/)
  })

  it('rejects a line longer than maxLineLength with a parse error', async () => {
    const stdin = new PassThrough()
    const stdout = new PassThrough()
    const transport = new StdioServerTransport({ stdin, stdout, maxLineLength: 10 })
    const out: string[] = []
    stdout.on('data', (c: Buffer) => out.push(c.toString()))
    await transport.start()
    stdin.write('x'.repeat(50))
    await tick()
    expect(JSON.parse(out.join(''))).toMatchObject({ id: null, error: { code: -32700 } })
  })
})
