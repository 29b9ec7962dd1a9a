import { describe, expect, it } from 'vitest'
import type { ProgressInfo } from '../../src/client/types.js'
import { ConnectionClosedError, McpLocalError, RequestTimeoutError } from '../../src/errors/local-error.js'
import { ProtocolError } from '../../src/errors/protocol-error.js'
import { connect, expectValidTranscript, makeServer, MODERN, text } from './helpers.js'

type Json = Record<string, any>

function server() {
  const s = makeServer()
  const events = { started: [] as Array<() => void>, aborted: [] as unknown[] }
  s.tool('steps', {}, async (_args, ctx) => {
    for (let i = 1; i <= 3; i++) await ctx.progress(i, 3, `step ${i}`)
    return { content: [{ type: 'text', text: 'done' }] }
  })
  s.tool('wait', {}, (_args, ctx) => {
    for (const f of events.started.splice(0)) f()
    return new Promise((resolve) => {
      ctx.signal.addEventListener('abort', () => {
        events.aborted.push(ctx.signal.reason)
        resolve({ content: [{ type: 'text', text: 'aborted' }] })
      })
    })
  })
  s.resource('file:///a.txt', { name: 'a' }, (uri) => ({ contents: [{ uri, text: 'A' }] }))
  const whenStarted = () => new Promise<void>((resolve) => events.started.push(resolve))
  return { s, events, whenStarted }
}

const eras = [
  ['legacy', '2025-11-25'],
  ['modern', MODERN],
] as const

for (const [era, revision] of eras) {
  describe(`${era} era`, () => {
    it('routes progress notifications to onprogress and sends a progressToken', async () => {
      const { s } = server()
      const c = await connect(s, { protocol: revision })
      const seen: ProgressInfo[] = []
      const r = await c.client.callTool({ name: 'steps' }, { onprogress: (p) => seen.push(p) })
      expect(text(r)).toBe('done')
      expect(seen).toEqual([1, 2, 3].map((i) => ({ progress: i, total: 3, message: `step ${i}` })))
      const call = (c.clientEnd.sent as Json[]).find((m) => m.method === 'tools/call')!
      expect(call.params._meta.progressToken).toBe(call.id)
      expectValidTranscript(revision, c)
      await c.close()
    })

    it('cancels with an AbortSignal: notifications/cancelled reaches the handler', async () => {
      const { s, events, whenStarted } = server()
      const c = await connect(s, { protocol: revision })
      const started = whenStarted()
      const controller = new AbortController()
      const call = c.client.callTool({ name: 'wait' }, { signal: controller.signal })
      await started
      controller.abort('the user changed their mind')
      await expect(call).rejects.toMatchObject({ kind: 'aborted' })
      await expect.poll(() => events.aborted.length).toBe(1)
      const id = (c.clientEnd.sent as Json[]).find((m) => m.method === 'tools/call')!.id
      expect(c.clientEnd.sent).toContainEqual({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: id, reason: 'the user changed their mind' },
      })
      // A late answer to the cancelled request is ignored: the next request still works.
      expect(text(await c.client.callTool({ name: 'steps' }))).toBe('done')
      await c.close()
    })

    it('times out with RequestTimeoutError and cancels on the server', async () => {
      const { s, events } = server()
      const c = await connect(s, { protocol: revision, requestTimeoutMs: 5_000 })
      const call = c.client.callTool({ name: 'wait' }, { timeoutMs: 30 })
      await expect(call).rejects.toBeInstanceOf(RequestTimeoutError)
      await expect(call).rejects.toThrow(/tools\/call .* timed out after 30 ms/)
      await expect.poll(() => events.aborted.length).toBe(1)
      await c.close()
    })

    it('server errors are ProtocolErrors with the code of the revision', async () => {
      const { s } = server()
      const c = await connect(s, { protocol: revision })
      const unknownTool = c.client.callTool({ name: 'nope' })
      await expect(unknownTool).rejects.toBeInstanceOf(ProtocolError)
      await expect(unknownTool).rejects.toMatchObject({ code: -32602, data: { field: 'name' } })
      await expect(c.client.readResource({ uri: 'file:///missing' })).rejects.toMatchObject({
        code: era === 'legacy' ? -32002 : -32602,
      })
      expectValidTranscript(revision, c)
      await c.close()
    })

    it('a closing connection fails what is pending with ConnectionClosedError', async () => {
      const { s, whenStarted } = server()
      const c = await connect(s, { protocol: revision })
      let closed = 0
      c.client.onclose = () => closed++
      const started = whenStarted()
      const call = c.client.callTool({ name: 'wait' })
      await started
      await c.connection.close()
      await expect(call).rejects.toBeInstanceOf(ConnectionClosedError)
      expect(closed).toBe(1)
      expect(c.client.isClosed).toBe(true)
      await expect(c.client.listTools()).rejects.toBeInstanceOf(ConnectionClosedError)
    })
  })
}

describe('misuse', () => {
  it('requests before connect() fail clearly', async () => {
    const { McpClient } = await import('../../src/client/mcp-client.js')
    const client = new McpClient({ name: 'x', version: '1' })
    await expect(client.listTools()).rejects.toBeInstanceOf(McpLocalError)
    await expect(client.listTools()).rejects.toThrow(/connect\(\) first/)
  })

  it('an already aborted signal sends nothing', async () => {
    const { s } = server()
    const c = await connect(s, { protocol: MODERN })
    const before = c.clientEnd.sent.length
    await expect(c.client.callTool({ name: 'steps' }, { signal: AbortSignal.abort() })).rejects.toMatchObject(
      {
        kind: 'aborted',
      },
    )
    expect(c.clientEnd.sent.length).toBe(before)
    await c.close()
  })
})
