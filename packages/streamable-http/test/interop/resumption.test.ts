import { McpClient } from '@edgemcp/core'
import { describe, expect, it } from 'vitest'
import { clientTransport, closeAfter, delay, startInteropServer, textOf } from './fixture.js'
import { recorder, specProblems } from './traffic.js'

const REV = '2025-11-25'
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

describe('McpClient resumes a dropped legacy SSE stream with Last-Event-ID (2025-11-25)', () => {
  it.each([
    ['the network drops the connection mid-event', 'network'],
    ['the server closes it with closeSseStream()', 'server'],
  ] as const)('50 progress notifications, %s: each arrives once, then the result', async (_label, how) => {
    const fx = await startInteropServer({ retryMs: 10 })
    fx.server.tool('ticker-cut', {}, async (_args, ctx) => {
      for (let i = 1; i <= 50; i++) {
        await ctx.progress(i, 50)
        if (i === 25 && how === 'server')
          expect(fx.mcp.closeSseStream(ctx.sessionId as string, ctx.requestId)).toBe(true)
        await delay(1)
      }
      return { content: [{ type: 'text', text: 'ticked 50' }] }
    })
    // The network cut happens inside the 25th progress event, before its id takes effect.
    const traffic = recorder(how === 'network' ? { cutOnce: '"progress":25,' } : {})
    const errors: Error[] = []
    const client = closeAfter(
      new McpClient({ name: 'resumer', version: '1.0.0' }, { protocol: REV, onerror: (e) => errors.push(e) }),
    )
    await client.connect(clientTransport(fx.url, traffic.fetch))

    const progress: number[] = []
    const result = await client.callTool(
      { name: 'ticker-cut' },
      { onprogress: (p) => progress.push(p.progress), timeoutMs: 10_000 },
    )
    expect(textOf(result)).toBe('ticked 50')
    expect(progress).toEqual(range(50))

    // On the wire too: every notification once, one response, and one GET that resumed the stream (the
    // standalone stream's GET, which McpClient opens at connect, is another one, without Last-Event-ID).
    const call = traffic.sent.find((m) => m.method === 'tools/call')
    const onWire = traffic.received.filter((m) => m.method === 'notifications/progress')
    expect(onWire.map((m) => m.params.progress)).toEqual(range(50))
    expect(traffic.received.filter((m) => m.id === call?.id)).toHaveLength(1)
    const gets = traffic.exchanges.filter((e) => e.method === 'GET')
    expect(gets).toHaveLength(2)
    const resumed = gets.filter((e) => e.requestHeaders.has('last-event-id'))
    expect(resumed).toHaveLength(1)
    expect(resumed[0]?.status).toBe(200)
    expect(resumed[0]?.requestHeaders.get('last-event-id')).toMatch(/.+/)
    expect(errors).toEqual([])
    expect(specProblems(REV, traffic)).toEqual([])
  })
})
