// What stays in the caller's trace besides plain requests (issue 29): a 2026-07-28 subscriptions/listen
// stream, MRTR input rounds, task polling, and a legacy session's server→client requests. A traced edgemcp
// client calls a traced edgemcp server over real HTTP; spans from in-memory exporters, checked against the MCP
// semantic conventions (span names, kinds, parents, attributes).
import { type ClientHandlers, McpClient, McpServer, ProtocolError } from '@edgemcp/core'
import { useMiddleware } from '@edgemcp/core/middleware'
import { clientTasks, createMemoryTaskStore, taskExtension } from '@edgemcp/core/tasks'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { serverTracing } from '../src/index.js'
import { serveForTest, tracedClient, tracedServer } from './support/fixture.js'
import { histogram, memorySdk } from './support/memory.js'

let sdk = memorySdk()
afterEach(async () => {
  await sdk.shutdown()
  sdk = memorySdk()
})

const MODERN = '2026-07-28'
const spansOf = (name: string, kind: SpanKind) =>
  sdk.spans().filter((s) => s.name === name && s.kind === kind)
const idOf = (s: ReadableSpan) => s.spanContext().spanId
const traceOf = (s: ReadableSpan) => s.spanContext().traceId

/** Runs `work` inside the user's span "agent turn"; that span once ended. */
async function inTurn(work: () => Promise<void>): Promise<ReadableSpan> {
  await sdk.tracerProvider.getTracer('test').startActiveSpan('agent turn', async (turn) => {
    try {
      await work()
    } finally {
      turn.end()
    }
  })
  return sdk.spans().find((s) => s.name === 'agent turn')!
}

/** Every span but the handshake's (made by connect(), outside the turn) is in the turn's trace. */
function expectOneTrace(turn: ReadableSpan) {
  const handshake = new Set(['server/discover', 'initialize', 'notifications/initialized'])
  const others = sdk.spans().filter((s) => !handshake.has(s.name) && traceOf(s) !== traceOf(turn))
  expect(others.map((s) => `${SpanKind[s.kind]} ${s.name}`)).toEqual([])
}

/** A CLIENT span under the turn and the SERVER span that is its remote child. */
function expectPair(turn: ReadableSpan, client: ReadableSpan, server: ReadableSpan) {
  expect(client.parentSpanContext?.spanId).toBe(idOf(turn))
  expect(traceOf(server)).toBe(traceOf(turn))
  expect(server.parentSpanContext?.spanId).toBe(idOf(client))
  expect(server.parentSpanContext?.isRemote).toBe(true)
  expect(server.attributes['jsonrpc.request.id']).toBe(client.attributes['jsonrpc.request.id'])
}

describe('subscriptions/listen (2026-07-28)', () => {
  it('one SERVER span that lasts as long as the stream; its notifications make no spans', async () => {
    const server = tracedServer(sdk)
    const url = `${await serveForTest(server)}/`
    const client = await tracedClient(url, MODERN, sdk)
    const updates: unknown[] = []
    const turn = await inTurn(async () => {
      const sub = client.listen({ resourceSubscriptions: ['memo://one'] }, (n) => {
        if (n.method === 'notifications/resources/updated') updates.push(n.params)
      })
      expect(await sub.acknowledged).toMatchObject({ resourceSubscriptions: ['memo://one'] })
      await server.notifyResourceUpdated('memo://one')
      await server.notifyResourceUpdated('memo://one')
      await vi.waitFor(() => expect(updates).toHaveLength(2), { timeout: 10_000 })
      // Still open: the stream is.
      expect(spansOf('subscriptions/listen', SpanKind.SERVER)).toEqual([])
      expect(spansOf('subscriptions/listen', SpanKind.CLIENT)).toEqual([])
      await sub.close()
      await sub.closed
    })
    // Closing the subscription ends the stream, and with it both spans.
    await vi.waitFor(() => expect(spansOf('subscriptions/listen', SpanKind.SERVER)).toHaveLength(1), {
      timeout: 10_000,
    })
    const [listenClient] = spansOf('subscriptions/listen', SpanKind.CLIENT)
    const [listenServer] = spansOf('subscriptions/listen', SpanKind.SERVER)
    expect(listenClient).toBeDefined()
    expectPair(turn, listenClient!, listenServer!)
    expect(listenServer!.attributes).toEqual({
      'mcp.method.name': 'subscriptions/listen',
      'mcp.protocol.version': MODERN,
      'jsonrpc.request.id': expect.stringMatching(/^\d+$/),
    })
    // Closing a subscription is how it ends, not a failure: neither side records an error.
    for (const span of [listenClient!, listenServer!]) {
      expect(span.status.code).toBe(SpanStatusCode.UNSET)
      expect(span.attributes['error.type']).toBeUndefined()
    }
    // Notifications sent on the stream are not spans: no span names them, and nothing started a trace.
    expect(sdk.spans().filter((s) => s.name.startsWith('notifications/resources'))).toEqual([])
    expectOneTrace(turn)
  })
})

describe('MRTR input rounds (2026-07-28)', () => {
  it('each round is a CLIENT and a SERVER span, siblings under the caller’s span', async () => {
    const server = tracedServer(sdk)
    server.tool('confirm', {}, async (_args, ctx) => {
      const answer = await ctx.elicit({
        message: 'Sure?',
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
      })
      const name = await ctx.elicit({
        message: 'Name?',
        requestedSchema: { type: 'object', properties: { who: { type: 'string' } } },
      })
      return {
        content: [{ type: 'text', text: `${String(answer.content?.ok)} ${String(name.content?.who)}` }],
      }
    })
    const url = `${await serveForTest(server)}/`
    const elicit = vi.fn(async (params: { message: string }) =>
      params.message === 'Sure?'
        ? { action: 'accept' as const, content: { ok: true } }
        : { action: 'accept' as const, content: { who: 'Ada' } },
    )
    const client = await tracedClient(url, MODERN, sdk, { handlers: { elicit } })
    let text: unknown
    const turn = await inTurn(async () => {
      const result = await client.callTool({ name: 'confirm', arguments: {} })
      text = result.content?.[0]
    })
    expect(text).toEqual({ type: 'text', text: 'true Ada' })
    expect(elicit).toHaveBeenCalledTimes(2)

    // Two asks in sequence: three rounds (input_required, input_required, complete).
    const clients = spansOf('tools/call confirm', SpanKind.CLIENT)
    const servers = spansOf('tools/call confirm', SpanKind.SERVER)
    expect(clients).toHaveLength(3)
    expect(servers).toHaveLength(3)
    const ids = clients.map((c) => c.attributes['jsonrpc.request.id'])
    expect(new Set(ids).size).toBe(3) // each round is a request of its own, with a new id
    for (const c of clients) {
      const s = servers.find((x) => x.parentSpanContext?.spanId === idOf(c))
      expect(s, `the SERVER span of round ${String(c.attributes['jsonrpc.request.id'])}`).toBeDefined()
      expectPair(turn, c, s!)
      for (const span of [c, s!]) {
        expect(span.attributes).toMatchObject({
          'mcp.method.name': 'tools/call',
          'gen_ai.tool.name': 'confirm',
          'gen_ai.operation.name': 'execute_tool',
          'mcp.protocol.version': MODERN,
        })
        // An input_required answer is not a failure.
        expect(span.attributes['error.type']).toBeUndefined()
        expect(span.status.code).toBe(SpanStatusCode.UNSET)
      }
    }
    // No attribute names the round (the conventions have none): rounds are told apart by request id and time.
    const attributeNames = new Set([...clients, ...servers].flatMap((s) => Object.keys(s.attributes)))
    expect([...attributeNames].filter((k) => /round|input|state/i.test(k))).toEqual([])
    // The client's elicitation handler ran in the caller's context, not a span of its own.
    expect(sdk.spans().filter((s) => s.name.startsWith('elicitation/'))).toEqual([])
    expectOneTrace(turn)
  })

  it('without a span of the caller, each round starts a trace of its own', async () => {
    const server = tracedServer(sdk)
    server.tool('confirm', {}, async (_args, ctx) => {
      const answer = await ctx.elicit({
        message: 'Sure?',
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
      })
      return { content: [{ type: 'text', text: String(answer.content?.ok) }] }
    })
    const url = `${await serveForTest(server)}/`
    const client = await tracedClient(url, MODERN, sdk, {
      handlers: { elicit: async () => ({ action: 'accept', content: { ok: true } }) },
    })
    await client.callTool({ name: 'confirm', arguments: {} })
    const clients = spansOf('tools/call confirm', SpanKind.CLIENT)
    expect(clients).toHaveLength(2)
    expect(new Set(clients.map(traceOf)).size).toBe(2)
    for (const c of clients) expect(c.parentSpanContext).toBeUndefined()
  })
})

describe('tasks (@edgemcp/core/tasks, 2026-07-28)', () => {
  it('the task-augmented tools/call and its polling are CLIENT/SERVER pairs in the caller’s trace', async () => {
    const server = new McpServer(
      { name: 'tasks', version: '1.0.0' },
      { tasks: taskExtension({ store: createMemoryTaskStore(), pollIntervalMs: 20 }) },
    )
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    server.tool('report', { task: 'required' }, async (_args, ctx) => {
      sdk.tracerProvider.getTracer('handler').startSpan('build report').end()
      await ctx.progress(1, 2, 'half')
      const who = await ctx.elicit({
        message: 'For whom?',
        requestedSchema: { type: 'object', properties: { who: { type: 'string' } } },
      })
      await gate
      return { content: [{ type: 'text', text: `built for ${String(who.content?.who)}` }] }
    })
    useMiddleware(server, serverTracing(sdk))
    const url = `${await serveForTest(server)}/`
    const client = await tracedClient(url, MODERN, sdk, {
      tasks: clientTasks(),
      handlers: { elicit: async () => ({ action: 'accept', content: { who: 'Ada' } }) },
    })
    let text: unknown
    const turn = await inTurn(async () => {
      const call = client.callTool({ name: 'report', arguments: {} })
      // The input is answered (tasks/update) and the task is still working when it is let go.
      await vi.waitFor(() => expect(spansOf('tasks/update', SpanKind.SERVER).length).toBe(1), {
        timeout: 10_000,
      })
      release()
      text = (await call).content?.[0]
    })
    expect(text).toEqual({ type: 'text', text: 'built for Ada' })

    const [callClient, ...moreCalls] = spansOf('tools/call report', SpanKind.CLIENT)
    const [callServer] = spansOf('tools/call report', SpanKind.SERVER)
    expect(moreCalls).toEqual([])
    expectPair(turn, callClient!, callServer!)
    const polls = sdk
      .spans()
      .filter((s) => s.name.startsWith('tasks/'))
      .map((s) => `${SpanKind[s.kind]} ${s.name}`)
    // The polls, and the answer to the task's input request (tasks/update; SEP-2663 has no tasks/result).
    expect(polls).toContain('CLIENT tasks/get')
    expect(polls).toContain('CLIENT tasks/update')
    for (const name of new Set(
      sdk
        .spans()
        .filter((s) => s.name.startsWith('tasks/'))
        .map((s) => s.name),
    )) {
      const clients = spansOf(name, SpanKind.CLIENT)
      const servers = spansOf(name, SpanKind.SERVER)
      expect(servers).toHaveLength(clients.length)
      for (const c of clients) {
        const s = servers.find((x) => x.parentSpanContext?.spanId === idOf(c))!
        expectPair(turn, c, s)
        expect(s.attributes).toEqual({
          'mcp.method.name': name,
          'mcp.protocol.version': MODERN,
          'jsonrpc.request.id': c.attributes['jsonrpc.request.id'],
        })
      }
    }
    // The handler runs after tools/call answered, still in the context of its SERVER span.
    const build = sdk.spans().find((s) => s.name === 'build report')!
    expect(build.parentSpanContext?.spanId).toBe(idOf(callServer!))
    expectOneTrace(turn)
  })
})

describe('server→client requests of a legacy session (2025-11-25)', () => {
  async function legacyRun(options: { clientTracing?: boolean } = {}) {
    const server = tracedServer(sdk)
    server.tool('book', {}, async (_args, ctx) => {
      const answer = await ctx.elicit({
        message: 'Which day?',
        requestedSchema: { type: 'object', properties: { day: { type: 'string' } } },
      })
      const sampled = await ctx.sample({ messages: [], maxTokens: 5 }).catch((e: unknown) => e)
      return {
        content: [
          { type: 'text', text: `${String(answer.content?.day)} ${(sampled as ProtocolError).code}` },
        ],
      }
    })
    const url = `${await serveForTest(server)}/`
    const seen: { meta: unknown; active: string | undefined }[] = []
    const handlers: ClientHandlers = {
      elicit: async (params) => {
        const meta = (params as { _meta?: unknown })._meta
        seen.push({ meta, active: trace.getActiveSpan()?.spanContext().spanId })
        sdk.tracerProvider.getTracer('handler').startSpan('show dialog').end()
        return { action: 'accept', content: { day: 'Monday' } }
      },
      sample: async () => {
        throw new ProtocolError(-32042, 'no model here')
      },
    }
    let client: McpClient
    if (options.clientTracing === false) {
      client = new McpClient({ name: 'plain', version: '1.0.0' }, { protocol: '2025-11-25', handlers })
      await client.connect(new StreamableHttpClientTransport(url))
    } else client = await tracedClient(url, '2025-11-25', sdk, { handlers })
    let text: unknown
    const turn = await inTurn(async () => {
      text = (await client.callTool({ name: 'book', arguments: {} })).content?.[0]
    })
    if (options.clientTracing === false) await client.close()
    expect(text).toEqual({ type: 'text', text: 'Monday -32042' })
    return { turn, seen }
  }

  it('the server’s request is a CLIENT span under the tools/call SERVER span; the client’s answer a SERVER span under it', async () => {
    const { turn, seen } = await legacyRun()
    const [callClient] = spansOf('tools/call book', SpanKind.CLIENT)
    const [callServer] = spansOf('tools/call book', SpanKind.SERVER)
    expectPair(turn, callClient!, callServer!)
    const session = callServer!.attributes['mcp.session.id']
    expect(session).toEqual(expect.stringMatching(/^[\x21-\x7e]+$/))

    for (const [method, failed] of [
      ['elicitation/create', false],
      ['sampling/createMessage', true],
    ] as const) {
      // The server sends it: kind CLIENT ("reported by the MCP server when server initiates the operation").
      const [asked, ...moreAsked] = spansOf(method, SpanKind.CLIENT)
      expect(moreAsked).toEqual([])
      expect(traceOf(asked!)).toBe(traceOf(turn))
      expect(asked!.parentSpanContext?.spanId).toBe(idOf(callServer!))
      // The client answers it: kind SERVER ("reported by the MCP client when server initiates the operation").
      const [answered, ...moreAnswered] = spansOf(method, SpanKind.SERVER)
      expect(moreAnswered).toEqual([])
      expect(traceOf(answered!)).toBe(traceOf(turn))
      expect(answered!.parentSpanContext?.spanId).toBe(idOf(asked!))
      expect(answered!.parentSpanContext?.isRemote).toBe(true)
      const failure = failed ? { 'error.type': '-32042', 'rpc.response.status_code': '-32042' } : {}
      const common = {
        'mcp.method.name': method,
        'mcp.protocol.version': '2025-11-25',
        'jsonrpc.request.id': expect.stringMatching(/^[0-9a-f]{8}-\d+$/),
        'mcp.session.id': session,
        ...failure,
      }
      expect(asked!.attributes).toEqual(common)
      expect(answered!.attributes).toEqual(common)
      expect(answered!.attributes['jsonrpc.request.id']).toBe(asked!.attributes['jsonrpc.request.id'])
      for (const span of [asked!, answered!])
        expect(span.status).toEqual(
          failed ? { code: SpanStatusCode.ERROR, message: 'no model here' } : { code: SpanStatusCode.UNSET },
        )
    }
    // The elicitation carried the server's CLIENT span in its _meta (SEP-414), and the client's handler ran
    // with its SERVER span active: the handler's own spans are its children.
    const asked = spansOf('elicitation/create', SpanKind.CLIENT)[0]!
    const answered = spansOf('elicitation/create', SpanKind.SERVER)[0]!
    expect(seen).toEqual([
      {
        meta: { traceparent: `00-${traceOf(turn)}-${idOf(asked)}-01` },
        active: idOf(answered),
      },
    ])
    const dialog = sdk.spans().find((s) => s.name === 'show dialog')!
    expect(dialog.parentSpanContext?.spanId).toBe(idOf(answered))
    expectOneTrace(turn)

    // Durations by who sent the request: the server's request is a client operation, the client's answer a
    // server operation (low-cardinality attributes only).
    const all = await sdk.metrics()
    for (const [name, other] of [
      ['mcp.client.operation.duration', 'tools/call'],
      ['mcp.server.operation.duration', 'tools/call'],
    ] as const) {
      const points = histogram(all, name)!.dataPoints as { attributes: Record<string, unknown> }[]
      const methods = points.map((p) => p.attributes['mcp.method.name'])
      expect(methods).toEqual(expect.arrayContaining(['elicitation/create', 'sampling/createMessage', other]))
      const elicit = points.find((p) => p.attributes['mcp.method.name'] === 'elicitation/create')!
      expect(elicit.attributes).toEqual({
        'mcp.method.name': 'elicitation/create',
        'mcp.protocol.version': '2025-11-25',
      })
    }
  })

  it('a client without tracing still gets the context in the request’s _meta', async () => {
    const { turn, seen } = await legacyRun({ clientTracing: false })
    const asked = spansOf('elicitation/create', SpanKind.CLIENT)[0]!
    expect(asked.parentSpanContext?.spanId).toBe(idOf(spansOf('tools/call book', SpanKind.SERVER)[0]!))
    // (The handler runs in the async context of the read of the call's response: the caller's, here.)
    expect(seen).toEqual([
      { meta: { traceparent: `00-${traceOf(asked)}-${idOf(asked)}-01` }, active: idOf(turn) },
    ])
    expect(spansOf('elicitation/create', SpanKind.SERVER)).toEqual([])
    // No client span for the call: the SERVER span is the root of a trace of its own (not the turn's).
    expect(traceOf(asked)).not.toBe(traceOf(turn))
  })
})
