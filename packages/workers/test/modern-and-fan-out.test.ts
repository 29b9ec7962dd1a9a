import { eventually } from '@edgemcp/test-helpers'
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { notifyListChanged, notifyResourceUpdated } from '../src/index.js'
import type { Env } from './fixtures/worker.js'
import { connect, modernPost, SseReader } from './helpers.js'

const testEnv = env as unknown as Env
const textOf = (r: { content?: unknown }) => (r.content as Array<{ text: string }>)[0]?.text
const hubListeners = () =>
  (
    testEnv.MCP_HUB.get(testEnv.MCP_HUB.idFromName('global')) as unknown as {
      listeners(): Promise<string[]>
    }
  ).listeners()

describe('2026-07-28 in the Worker', () => {
  it('is served statelessly by the Worker itself', async () => {
    const { client } = await connect('modern')
    expect(textOf(await client.callTool({ name: 'whereami' }))).toBe('worker modern -')
    await client.close()
  })

  it('runs a multi-round elicitation with signed request state', async () => {
    const { client } = await connect('modern', {
      handlers: { elicit: async () => ({ action: 'accept', content: { ok: false } }) },
    })
    expect(textOf(await client.callTool({ name: 'confirm' }))).toBe('accept {"ok":false}')
    await client.close()
  })

  it('keeps an SSE answer streamed from the Worker alive with keep-alive comments', async () => {
    const r = await modernPost(
      1,
      'tools/call',
      { name: 'sleep', arguments: { ms: 1_300 } },
      { progressToken: 'k' },
    )
    if (!r.headers.get('content-type')?.includes('text/event-stream')) throw new Error(await r.text())
    const sse = new SseReader(r)
    const seen: string[] = []
    for (;;) {
      const e = await sse.next(3_000)
      if (!e) break
      if (e.comment !== undefined) seen.push('comment')
      else if (e.data) seen.push(JSON.parse(e.data).method ?? 'result')
    }
    expect(seen[0]).toBe('notifications/progress')
    expect(seen).toContain('comment')
    expect(seen.at(-1)).toBe('result')
  })
})

describe('notifications across isolates', () => {
  it('reaches a subscriptions/listen stream held by the hub from a tool on any isolate', async () => {
    const { client: listener } = await connect('modern')
    const got: string[] = []
    const subscription = listener.listen(
      { resourceSubscriptions: ['item://7'], resourcesListChanged: true },
      (n) => got.push(`${n.method} ${String((n.params as { uri?: string } | undefined)?.uri ?? '')}`.trim()),
    )
    await subscription.acknowledged

    const { client: other } = await connect('modern')
    await other.callTool({ name: 'touch', arguments: { uri: 'item://7' } })
    await other.callTool({ name: 'touch', arguments: { uri: 'item://other' } })
    await eventually(() => expect(got).toContain('notifications/resources/updated item://7'))

    await notifyListChanged(testEnv, 'resources')
    await eventually(() => expect(got).toContain('notifications/resources/list_changed'))
    expect(got).not.toContain('notifications/resources/updated item://other')
    await subscription.close()
    await listener.close()
    await other.close()
  })

  it('reaches legacy sessions with a standalone stream, from modern tools and other sessions', async () => {
    const { client: watcher, transport } = await connect('legacy')
    const got: string[] = []
    watcher.onNotification('notifications/resources/updated', (n) =>
      got.push(String((n.params as { uri: string }).uri)),
    )
    await watcher.subscribeResource({ uri: 'item://9' })
    expect(await transport.openStandaloneStream()).toBe(true)
    const id = transport.sessionId as string
    await eventually(async () => expect(await hubListeners()).toContain(id))

    const { client: modern } = await connect('modern')
    await modern.callTool({ name: 'touch', arguments: { uri: 'item://9' } })
    await eventually(() => expect(got).toHaveLength(1))

    const { client: otherSession } = await connect('legacy')
    await otherSession.callTool({ name: 'touch', arguments: { uri: 'item://9' } })
    await eventually(() => expect(got).toHaveLength(2))

    await notifyResourceUpdated(testEnv, 'item://9')
    await eventually(() => expect(got).toHaveLength(3))
    // The session that raised an event hears it once (locally), not again through the hub.
    await watcher.callTool({ name: 'touch', arguments: { uri: 'item://9' } })
    await eventually(() => expect(got).toHaveLength(4))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(got).toEqual(['item://9', 'item://9', 'item://9', 'item://9'])

    await Promise.all([watcher.close(), modern.close(), otherSession.close()])
  })
})
