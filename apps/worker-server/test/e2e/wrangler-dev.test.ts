import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type SseEvent, SseParser } from '@edgemcp/streamable-http/internal'
import { eventually } from '@edgemcp/test-helpers'
import { freePort, startWranglerDev, type WranglerDev } from '@edgemcp/tools-wrangler-dev'
import { callToolTask, clientTasks } from '@edgemcp/core/tasks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectClient, textOf } from '../client.js'

const SECRET = 'e2e-only-secret'
const accept = 'application/json, text/event-stream'

let port: number
let persistTo: string
let dev: WranglerDev
let mcp: string

/** `wrangler dev` of this app on `port`, its Durable Objects in `persistTo` (kept across a restart). */
const start = () =>
  startWranglerDev({
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    port,
    persistTo,
    vars: { MCP_MRTR_SECRET: SECRET },
  })

beforeAll(async () => {
  port = await freePort()
  persistTo = mkdtempSync(join(tmpdir(), 'edgemcp-e2e-'))
  dev = await start()
  mcp = `${dev.url}/mcp`
})

afterAll(async () => {
  await dev?.stop()
  if (persistTo) rmSync(persistTo, { recursive: true, force: true })
})

const confirm = {
  handlers: { elicit: async () => ({ action: 'accept' as const, content: { confirm: true } }) },
}

/** Reads SSE events (id + parsed data) from a response body. */
async function* sseMessages(response: Response): AsyncGenerator<{ id?: string; message: any }> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  const events: SseEvent[] = []
  const parser = new SseParser({ onEvent: (e) => events.push(e) })
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    parser.push(decoder.decode(value, { stream: true }))
    for (const e of events.splice(0))
      if (e.data) yield { ...(e.hasId ? { id: e.lastEventId } : {}), message: JSON.parse(e.data) }
  }
}

describe('the sample under wrangler dev, over real HTTP', () => {
  it('serves a legacy session: tools, elicitation across requests, resource updates', async () => {
    const { client: legacy, transport } = await connectClient(mcp, 'legacy', confirm)
    const { client: writer } = await connectClient(mcp, 'modern')
    const added = await legacy.callTool({ name: 'add_note', arguments: { title: 'e2e', body: 'first' } })
    const { id, uri } = added.structuredContent as { id: number; uri: string }

    const updates: string[] = []
    legacy.onNotification('notifications/resources/updated', (n) => updates.push(String(n.params?.uri)))
    await legacy.subscribeResource({ uri })
    expect(await transport.openStandaloneStream()).toBe(true)
    let line = 0
    await eventually(
      async () => {
        await writer.callTool({ name: 'append_to_note', arguments: { id, text: `line ${line++}` } })
        expect(updates[0]).toBe(uri)
      },
      { interval: 100 },
    )

    expect(textOf(await legacy.callTool({ name: 'delete_note', arguments: { id } }))).toBe(`Deleted ${uri}`)
    await Promise.all([legacy.close(), writer.close()])
  })

  it('resumes a legacy SSE answer with Last-Event-ID', async () => {
    const init = await fetch(mcp, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      }),
    })
    await init.text()
    const headers = {
      'content-type': 'application/json',
      accept,
      'mcp-session-id': init.headers.get('mcp-session-id') as string,
      'mcp-protocol-version': '2025-11-25',
    }
    await (
      await fetch(mcp, {
        method: 'POST',
        headers,
        body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      })
    ).text()

    const aborted = new AbortController()
    const call = await fetch(mcp, {
      method: 'POST',
      headers,
      signal: aborted.signal,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'long_task', arguments: { steps: 3, delayMs: 300 }, _meta: { progressToken: 'p' } },
      }),
    })
    const first = (await sseMessages(call).next()).value
    expect(first?.message).toMatchObject({ method: 'notifications/progress', params: { progress: 1 } })
    aborted.abort()

    const resumed = await fetch(mcp, {
      headers: { ...headers, accept: 'text/event-stream', 'last-event-id': first?.id as string },
    })
    expect(resumed.status).toBe(200)
    const rest: any[] = []
    for await (const e of sseMessages(resumed)) {
      rest.push(e.message)
      if ('result' in e.message) break
    }
    expect(rest.map((m) => m.params?.progress ?? m.result?.content?.[0]?.text)).toEqual([
      2,
      3,
      'Done: 3 steps',
    ])
  })

  it('serves 2026-07-28 statelessly: tools, MRTR elicitation, listen for changes made elsewhere', async () => {
    const { client } = await connectClient(mcp, 'modern', confirm)
    const sum = await client.callTool({ name: 'calculate', arguments: { expression: '6 * 7' } })
    expect(sum.structuredContent).toEqual({ value: 42 })

    const got: string[] = []
    const listen = client.listen({ resourcesListChanged: true }, (n) => got.push(n.method))
    await listen.acknowledged
    const { client: other } = await connectClient(mcp, 'legacy')
    const added = await other.callTool({ name: 'add_note', arguments: { title: 'listen', body: '' } })
    await eventually(() => expect(got).toContain('notifications/resources/list_changed'))

    const { id } = added.structuredContent as { id: number }
    expect(textOf(await client.callTool({ name: 'delete_note', arguments: { id } }))).toBe(
      `Deleted note://${id}`,
    )
    await listen.close()
    await Promise.all([client.close(), other.close()])
  })

  it('continues a legacy session after wrangler dev restarts (Durable Objects re-created)', async () => {
    // Updates reach the client on the standalone stream it opened itself: it comes back after the restart
    // (resumed with Last-Event-ID, or reopened once the session's requests succeed again).
    const { client: legacy, transport } = await connectClient(mcp, 'legacy')
    const added = await legacy.callTool({ name: 'add_note', arguments: { title: 'survivor', body: '' } })
    const { id, uri } = added.structuredContent as { id: number; uri: string }
    await legacy.subscribeResource({ uri })
    const sessionId = transport.sessionId

    await dev.stop()
    dev = await start()

    // Same client, same session id: the session object is re-created from SQLite, subscriptions included.
    expect(textOf(await legacy.callTool({ name: 'calculate', arguments: { expression: '1 + 1' } }))).toBe('2')
    expect(transport.sessionId).toBe(sessionId)
    const updates: string[] = []
    legacy.onNotification('notifications/resources/updated', (n) => updates.push(String(n.params?.uri)))
    const { client: writer } = await connectClient(mcp, 'modern')
    await eventually(
      async () => {
        await writer.callTool({ name: 'append_to_note', arguments: { id, text: 'after restart' } })
        expect(updates[0]).toBe(uri)
      },
      { interval: 100 },
    )
    await Promise.all([legacy.close(), writer.close()])
  })
})

describe('a task (SEP-2663) on the sample under wrangler dev', () => {
  it('runs summarise_notes in the task object to completion, with progress and an elicitation', async () => {
    const asked: string[] = []
    const { client } = await connectClient(mcp, 'modern', {
      tasks: clientTasks(),
      handlers: {
        elicit: async (params) => {
          asked.push(String(params.message))
          return { action: 'accept', content: { format: 'paragraphs' } }
        },
      },
    })
    for (const title of ['alpha', 'beta', 'gamma'])
      await client.callTool({ name: 'add_note', arguments: { title, body: `${title} body` } })

    const progress: number[] = []
    const result = await client.callTool(
      // 700 ms per note: the client polls every second (the server's pollIntervalMs), so it sees progress.
      { name: 'summarise_notes', arguments: { delayMs: 700 } },
      { onprogress: (p) => progress.push(p.progress) },
    )
    expect(asked).toEqual(['Summarise the notes as bullets or as paragraphs?'])
    const summary = textOf(result) ?? ''
    for (const title of ['alpha', 'beta', 'gamma']) expect(summary).toContain(`${title}. ${title} body`)
    expect(progress.length).toBeGreaterThan(0)
    for (const p of progress) expect(p).toBeLessThanOrEqual(summary.split('\n').length)
    await client.close()
  }, 60_000)

  it('stops summarise_notes on tasks/cancel', async () => {
    const { client } = await connectClient(mcp, 'modern', { tasks: clientTasks() })
    await client.callTool({ name: 'add_note', arguments: { title: 'slow', body: 'one' } })
    // Long enough never to finish on its own during the test: 20 notes × 5 s.
    const task = await callToolTask(client, { name: 'summarise_notes', arguments: { delayMs: 5000 } })
    expect(task.taskId).toEqual(expect.any(String))
    expect((await task.get()).status).toBe('working')
    await task.cancel()
    const after = await task.get()
    expect(after.status).toBe('cancelled')
    await expect(task.result()).rejects.toThrow()
    await client.close()
  }, 60_000)
})
