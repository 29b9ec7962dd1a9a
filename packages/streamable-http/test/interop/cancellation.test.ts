import { type ClientHandlers, McpClient, type ProtocolChoice } from '@edgemcp/core'
import type { McpHandlerOptions } from '@edgemcp/streamable-http'
import { describe, expect, it } from 'vitest'
import { clientTransport, closeAfter, delay, startInteropServer, textOf } from './fixture.js'
import { recorder, specProblems } from './traffic.js'

const MODERN = '2026-07-28'
const eras = [
  ['2025-11-25', 'legacy'],
  [MODERN, 'modern'],
] as const

async function setup(
  protocol: ProtocolChoice,
  handlers: ClientHandlers = {},
  options: McpHandlerOptions = {},
) {
  const fx = await startInteropServer(options)
  const traffic = recorder()
  const errors: Error[] = []
  const client = closeAfter(
    new McpClient(
      { name: 'canceller', version: '1.0.0' },
      { protocol, handlers, requestTimeoutMs: 5_000, onerror: (e) => errors.push(e) },
    ),
  )
  await client.connect(clientTransport(fx.url, traffic.fetch))
  return { fx, client, traffic, errors }
}

describe('cancellation by AbortSignal over loopback HTTP', () => {
  it.each(eras)('%s: aborting a running tool call fires its ctx.signal', async (protocol, era) => {
    const { fx, client, traffic } = await setup(protocol)
    const controller = new AbortController()
    const started = fx.waitStarted()
    const call = client.callTool({ name: 'wait' }, { signal: controller.signal })
    await started
    controller.abort('changed my mind')
    await expect(call).rejects.toMatchObject({ kind: 'aborted' })
    await expect.poll(() => fx.aborted.length).toBe(1)
    const id = traffic.sent.find((m) => m.method === 'tools/call')?.id
    const cancelled = traffic.sent.filter((m) => m.method === 'notifications/cancelled')
    if (era === 'legacy')
      expect(cancelled.map((m) => m.params)).toEqual([{ requestId: id, reason: 'changed my mind' }])
    // Modern: cancelling is closing the request's stream; nothing is POSTed.
    else expect(cancelled).toEqual([])
    // The server answers nothing for the cancelled request, and the connection still serves.
    expect(traffic.received.some((m) => m.id === id)).toBe(false)
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'still here' } }))).toBe(
      'still here',
    )
    expect(specProblems(protocol, traffic)).toEqual([])
  })

  // Regression: a cancelled legacy request is no longer awaited on its SSE stream, so the server ending that
  // stream without a response (as it should) does not make the client resume it with Last-Event-ID.
  it('2025-11-25: after cancelling a streaming call the client does not keep re-GETting its stream', async () => {
    const { fx, client, traffic, errors } = await setup('2025-11-25', {}, { retryMs: 20 })
    fx.server.tool('wait-streaming', {}, async (_args, ctx) => {
      await ctx.progress(1) // the answer is now an SSE stream
      return new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve({ content: [] })))
    })
    const controller = new AbortController()
    let progressed!: () => void
    const streaming = new Promise<void>((resolve) => {
      progressed = resolve
    })
    const call = client.callTool(
      { name: 'wait-streaming' },
      { signal: controller.signal, onprogress: () => progressed() },
    )
    await streaming
    controller.abort('stop')
    await expect(call).rejects.toMatchObject({ kind: 'aborted' })
    await delay(300) // 15 × the server's retry
    // Resuming GETs carry Last-Event-ID (the standalone stream McpClient opens carries none).
    expect(traffic.exchanges.filter((e) => e.requestHeaders.has('last-event-id'))).toEqual([])
    expect(errors).toEqual([])
  })

  const interviewer = () => {
    const signals: AbortSignal[] = []
    let entered!: () => void
    const asked = new Promise<void>((resolve) => {
      entered = resolve
    })
    const handlers: ClientHandlers = {
      elicit: (_params, ctx) => {
        signals.push(ctx.signal)
        entered()
        return new Promise((resolve) =>
          ctx.signal.addEventListener('abort', () => resolve({ action: 'cancel' }), { once: true }),
        )
      },
    }
    return { signals, asked, handlers }
  }

  const abortDuringElicitation = async (protocol: ProtocolChoice) => {
    const { signals, asked, handlers } = interviewer()
    const { client } = await setup(protocol, handlers)
    const controller = new AbortController()
    const call = client.callTool({ name: 'interview' }, { signal: controller.signal })
    await asked
    controller.abort('never mind')
    await expect(call).rejects.toMatchObject({ kind: 'aborted' })
    await expect.poll(() => signals[0]?.aborted, { timeout: 500 }).toBe(true)
  }

  it('2026-07-28: aborting a call while the elicit handler runs aborts the handler', async () => {
    await abortDuringElicitation(MODERN)
  })

  // Regression: cancelling the call must cancel the server's pending elicitation/create on the client too
  // (the server sends notifications/cancelled for it), so the client's dialog closes.
  it('2025-11-25: aborting a call while the elicit handler runs aborts the handler', async () => {
    await abortDuringElicitation('2025-11-25')
  })
})
