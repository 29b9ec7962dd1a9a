import { McpServer } from '@edgemcp/core'
import { modernMeta } from '@edgemcp/test-helpers'
import { describe, expect, it } from 'vitest'
import { RequestCancellation } from './cancellation.js'

/** A request whose signal counts how often it is read (@hono/node-server creates it on first read). */
function fakeRequest() {
  const upstream = new AbortController()
  let reads = 0
  const request = {
    get signal() {
      reads++
      return upstream.signal
    },
  } as unknown as Request
  return { request, upstream, reads: () => reads }
}

const meta = modernMeta()

describe('RequestCancellation', () => {
  it('touches no signal until someone subscribes', () => {
    const { request, reads } = fakeRequest()
    const c = new RequestCancellation(request)
    c.close(new Error('gone'))
    expect(reads()).toBe(0)
    expect(c.aborted).toBe(true)
    expect((c.reason as Error).message).toBe('gone')
    expect(reads()).toBe(0)
  })

  it('follows the request signal once subscribed', () => {
    const { request, upstream } = fakeRequest()
    const c = new RequestCancellation(request)
    expect(c.aborted).toBe(false)
    const seen: unknown[] = []
    c.addEventListener('abort', () => seen.push(c.reason), { once: true })
    upstream.abort('client left')
    expect(seen).toEqual(['client left'])
    expect(c.aborted).toBe(true)
    expect(c.signal.aborted).toBe(true)
  })

  it('aborts listeners when the stream closes; removed listeners are not called', () => {
    const { request } = fakeRequest()
    const c = new RequestCancellation(request)
    let kept = 0
    let removed = 0
    const drop = () => removed++
    c.addEventListener('abort', () => kept++)
    c.addEventListener('abort', drop)
    c.removeEventListener('abort', drop)
    c.close(new Error('stream closed'))
    c.close(new Error('twice'))
    expect([kept, removed]).toEqual([1, 0])
    expect((c.reason as Error).message).toBe('stream closed')
  })

  it('a signal made after the stream closed is already aborted', () => {
    const { request, reads } = fakeRequest()
    const c = new RequestCancellation(request)
    c.close('closed')
    expect(c.signal.aborted).toBe(true)
    expect(c.signal.reason).toBe('closed')
    expect(reads()).toBe(0)
  })

  it('once released, never touches the request again', () => {
    const { request, upstream, reads } = fakeRequest()
    const c = new RequestCancellation(request)
    c.release()
    upstream.abort('late disconnect')
    expect(c.aborted).toBe(false)
    expect(c.signal.aborted).toBe(false)
    expect(reads()).toBe(0)
    c.close('closed')
    expect(c.signal.aborted).toBe(true)
  })

  it('reaches ctx.signal of a handler through the engine', async () => {
    const server = new McpServer({ name: 't', version: '1' })
    let started!: () => void
    const running = new Promise<void>((r) => {
      started = r
    })
    server.tool('wait', {}, async (_args, ctx) => {
      const signal = ctx.signal
      started()
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()))
      return { content: [{ type: 'text', text: `aborted: ${String(signal.reason)}` }] }
    })
    const { request } = fakeRequest()
    const c = new RequestCancellation(request)
    const handling = server.handle(
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'wait', _meta: meta } },
      { signal: c, era: 'modern' },
    )
    await running
    c.close('stream closed')
    const r = await handling
    expect(r.body).toMatchObject({ result: { content: [{ text: 'aborted: stream closed' }] } })
    server.close()
  })
})
