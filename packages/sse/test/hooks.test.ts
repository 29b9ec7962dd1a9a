import type { ServerSession } from '@edgemcp/core'
import { describe, expect, it } from 'vitest'
import { createAutoHandler } from '../src/index.js'
import { EventReader, makeServer, post, sseTestbed } from './helpers.js'

const init = (protocolVersion = '2025-06-18') => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
})

const { start, keep, listen } = sseTestbed()

async function open(url: string, headers: Record<string, string> = {}) {
  const { response, reader } = await EventReader.open(url, {
    headers: { Accept: 'text/event-stream', ...headers },
  })
  keep(reader)
  return { response, reader, postUrl: new URL(await reader.endpoint(), url).href }
}

describe('legacy SSE hooks for hosts (Durable Objects, Workers)', () => {
  it('sessionId: the stream opens a session with the id the host gives', async () => {
    const minted = 'cd'.repeat(16)
    const { url, handler } = await start({ sessionId: (c) => c.req.header('x-minted') })
    const { reader, postUrl } = await open(`${url}/sse`, { 'X-Minted': minted })
    expect(new URL(postUrl).searchParams.get('sessionId')).toBe(minted)
    expect((await handler.sessions.get(minted))?.id).toBe(minted)
    expect((await post(postUrl, init())).status).toBe(202)
    await reader.message((m) => m.id === 1)
    const other = await open(`${url}/sse`)
    expect(new URL(other.postUrl).searchParams.get('sessionId')).toMatch(/^[0-9a-f]{32}$/)
  })

  it('onSessionChange: after initialize and setLevel, before the answer event; not after other requests', async () => {
    const seen: string[] = []
    const { url } = await start({
      onSessionChange: (s: ServerSession) => {
        seen.push(`${s.protocolVersion} ${s.logLevel ?? '-'}`)
      },
    })
    const { reader, postUrl } = await open(`${url}/sse`)
    await post(postUrl, init())
    await reader.message((m) => m.id === 1)
    expect(seen).toEqual(['2025-06-18 -'])
    await post(postUrl, { jsonrpc: '2.0', method: 'notifications/initialized' })
    await post(postUrl, { jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'info' } })
    await reader.message((m) => m.id === 2)
    expect(seen).toEqual(['2025-06-18 -', '2025-06-18 info'])
    await post(postUrl, { jsonrpc: '2.0', id: 3, method: 'tools/list' })
    await reader.message((m) => m.id === 3)
    expect(seen).toHaveLength(2)
  })

  it('a session whose change cannot be stored is closed', async () => {
    const { url } = await start({
      onSessionChange: () => {
        throw new Error('storage down')
      },
    })
    const { reader, postUrl } = await open(`${url}/sse`)
    await post(postUrl, init())
    await reader.until(() => reader.ended)
    expect(reader.events.filter((e) => e.event === 'message')).toEqual([])
  })

  it('waitUntil: the stream is handed over until its session ends, each request until it is answered', async () => {
    const held: Array<{ done: boolean }> = []
    const { url, handler } = await start({
      waitUntil: (_c, p) => {
        const entry = { done: false }
        held.push(entry)
        void p.then(() => (entry.done = true))
      },
    })
    const { reader, postUrl } = await open(`${url}/sse`)
    expect(held).toHaveLength(1)
    await post(postUrl, init())
    await reader.message((m) => m.id === 1)
    expect(held).toHaveLength(2)
    await expect.poll(() => held[1]?.done).toBe(true)
    expect(held[0]?.done).toBe(false)
    handler.closeAll()
    await expect.poll(() => held[0]?.done).toBe(true)
  })

  it('the auto handler shares the hooks with its SSE side', async () => {
    const minted = 'ef'.repeat(16)
    const { server } = makeServer()
    const changed: string[] = []
    const l = await listen(
      createAutoHandler(server, {
        sessionId: () => minted,
        onSessionChange: (s) => {
          changed.push(s.id)
        },
      }),
    )
    const { reader, postUrl } = await open(`${l.url}/`)
    expect(new URL(postUrl).searchParams.get('sessionId')).toBe(minted)
    await post(postUrl, init())
    await reader.message((m) => m.id === 1)
    expect(changed).toEqual([minted])
  })
})
