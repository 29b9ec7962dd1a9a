import type { McpServer } from '@edgemcp/core'
import { eventually } from '@edgemcp/test-helpers'
import { afterEach, describe, expect, it } from 'vitest'
import { SessionExpiredError } from '../src/client/errors.js'
import { createMcpHandler } from '../src/handler.js'
import type { McpHandlerOptions } from '../src/options.js'
import { type RunningServer, serve } from '../src/node.js'
import { expectLegacyMessage, expectSpec, makeServer } from './helpers.js'
import { httpPeer } from './peer.js'

const REV = '2025-11-25'
let running: RunningServer | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

async function start(options: McpHandlerOptions = {}, server: McpServer = makeServer()) {
  running = await serve(createMcpHandler(server, options))
  return { server, url: `${running.url}/` }
}

describe('legacy era over loopback HTTP with the client transport', () => {
  it('initialize → session id → tools/call as JSON; progress as SSE before the result', async () => {
    const { url } = await start()
    const peer = httpPeer(url)
    const init = await peer.initialize(REV)
    expectSpec(REV, 'InitializeResult', init.result)
    expect(peer.transport.sessionId).toMatch(/^[0-9a-f]{32}$/)
    const sum = await peer.request('tools/call', { name: 'add', arguments: { a: 20, b: 22 } })
    expect(sum.result.content[0].text).toBe('42')
    const slow = await peer.request('tools/call', {
      name: 'slow',
      arguments: { steps: 3 },
      _meta: { progressToken: 'p' },
    })
    expect(slow.result.content[0].text).toBe('done 3')
    const progress = peer.received.filter((m) => m.method === 'notifications/progress')
    expect(progress.map((m) => m.params.progress)).toEqual([1, 2, 3])
    expect(peer.received.indexOf(progress[2]!)).toBeLessThan(peer.received.indexOf(slow))
    for (const m of peer.received) expectLegacyMessage(REV, m)
    expect(peer.errors).toEqual([])
    await peer.transport.close()
  })

  it('concurrent calls in one session each get their own SSE stream; nothing is broadcast', async () => {
    const { url } = await start()
    const peer = httpPeer(url)
    await peer.initialize(REV)
    const calls = ['a', 'b', 'c'].map((token) =>
      peer.request('tools/call', { name: 'slow', arguments: { steps: 3 }, _meta: { progressToken: token } }),
    )
    const results = await Promise.all(calls)
    expect(results.map((r) => r.result.content[0].text)).toEqual(['done 3', 'done 3', 'done 3'])
    for (const token of ['a', 'b', 'c']) {
      const mine = peer.received.filter(
        (m) => m.method === 'notifications/progress' && m.params.progressToken === token,
      )
      expect(mine.map((m) => m.params.progress)).toEqual([1, 2, 3])
    }
    await peer.transport.close()
  })

  it('answers an elicitation request that arrives on the POST stream', async () => {
    const { url } = await start()
    const peer = httpPeer(url)
    peer.answerWith((req) => (req.method === 'elicitation/create' ? { action: 'decline' } : undefined))
    await peer.initialize(REV, { elicitation: {} })
    const r = await peer.request('tools/call', { name: 'confirm' })
    expect(r.result.content[0].text).toBe('decline:{}')
    await peer.transport.close()
  })

  it('the standalone GET stream carries list_changed; one per session; reopenable after a disconnect', async () => {
    const { url, server } = await start()
    const peer = httpPeer(url)
    await peer.initialize(REV)
    expect(await peer.transport.openStandaloneStream()).toBe(true)
    const headers = {
      Accept: 'text/event-stream',
      'Mcp-Session-Id': peer.transport.sessionId as string,
      'MCP-Protocol-Version': REV,
    }
    const second = await fetch(url, { headers })
    expect(second.status).toBe(409)
    await second.body?.cancel()

    server.tool('extra', {}, () => ({ content: [] }))
    const changed = await peer.waitFor((m) => m.method === 'notifications/tools/list_changed')
    expectLegacyMessage(REV, changed)

    await peer.transport.close()
    // The server notices the disconnect and lets a new GET in.
    await eventually(async () => {
      const again = await fetch(url, { headers })
      await again.body?.cancel()
      expect(again.status).toBe(200)
    })
  })

  it('terminateSession (DELETE) ends the session; the next request reports SessionExpiredError once', async () => {
    const { url } = await start()
    const expired: SessionExpiredError[] = []
    const peer = httpPeer(url, { onSessionExpired: (e) => void expired.push(e) })
    await peer.initialize(REV)
    const id = peer.transport.sessionId as string
    const raw = await fetch(url, {
      method: 'DELETE',
      headers: { 'Mcp-Session-Id': id, 'MCP-Protocol-Version': REV },
    })
    expect(raw.status).toBe(200)
    await expect(peer.request('tools/list')).rejects.toBeInstanceOf(SessionExpiredError)
    expect(expired.map((e) => e.sessionId)).toEqual([id])
    expect(peer.transport.sessionId).toBeUndefined()
    // Re-initialize: a fresh session.
    await peer.initialize(REV)
    expect(peer.transport.sessionId).not.toBe(id)
    expect((await peer.request('tools/list')).result.tools.length).toBeGreaterThan(0)
    await peer.transport.terminateSession()
    expect(peer.transport.sessionId).toBeUndefined()
    await peer.transport.close()
  })
})
