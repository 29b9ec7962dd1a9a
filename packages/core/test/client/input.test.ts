import { describe, expect, it } from 'vitest'
import type { McpClient } from '../../src/client/mcp-client.js'
import type { ClientTransport, InputContext } from '../../src/client/types.js'
import { ProtocolError } from '../../src/errors/protocol-error.js'
import { connect, expectValidTranscript, makeServer, MODERN, text } from './helpers.js'

type Json = Record<string, any>

const schema = (prop: string) => ({ type: 'object', properties: { [prop]: { type: 'string' } } })

function server() {
  const s = makeServer()
  s.tool('confirm', {}, async (_args, ctx) => {
    const r = await ctx.elicit({ message: 'Sure?', requestedSchema: schema('ok') })
    return { content: [{ type: 'text', text: `${r.action}:${JSON.stringify(r.content ?? {})}` }] }
  })
  // Three input requests at once: one MRTR round (modern) or three concurrent server→client requests (legacy).
  s.tool('gather', {}, async (_args, ctx) => {
    const [who, answer, roots] = await Promise.all([
      ctx.elicit({ message: 'Who are you?', requestedSchema: schema('name') }),
      ctx.sample({
        messages: [{ role: 'user', content: { type: 'text', text: 'Capital of France?' } }],
        maxTokens: 10,
      }),
      ctx.listRoots(),
    ])
    const said = (answer.content as { text: string }).text
    return {
      content: [{ type: 'text', text: `${who.content?.name}|${said}|${roots.roots.map((r) => r.uri)}` }],
    }
  })
  // Sequential asks: three rounds in the modern era.
  s.tool('wizard', {}, async (_args, ctx) => {
    const first = await ctx.elicit({ message: 'Step 1', requestedSchema: schema('a') })
    const second = await ctx.elicit({
      message: `Step 2 after ${first.content?.a}`,
      requestedSchema: schema('b'),
    })
    const roots = await ctx.listRoots()
    return {
      content: [{ type: 'text', text: `${first.content?.a}-${second.content?.b}-${roots.roots.length}` }],
    }
  })
  s.tool('sample-and-roots', {}, async (_args, ctx) => {
    const answer = await ctx.sample({
      messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
      maxTokens: 5,
    })
    const roots = await ctx.listRoots()
    return {
      content: [
        { type: 'text', text: `${(answer.content as { text: string }).text}/${roots.roots[0]?.name}` },
      ],
    }
  })
  s.tool('nag', {}, async (_args, ctx) => {
    for (let i = 0; ; i++) await ctx.elicit({ message: `Again ${i}`, requestedSchema: schema('x') })
  })
  return s
}

/** Handlers that answer from the request, recording every context they are called with. */
function withHandlers(calls: InputContext[]) {
  return (client: McpClient) => {
    client.onElicit((params, ctx) => {
      calls.push(ctx)
      const message = 'message' in params ? params.message : ''
      const field =
        Object.keys((params as { requestedSchema?: Json }).requestedSchema?.properties ?? {})[0] ?? 'x'
      return {
        action: 'accept',
        content: { [field]: message === 'Who are you?' ? 'Ada' : `v${calls.length}` },
      }
    })
    client.onSample((params, ctx) => {
      calls.push(ctx)
      expect(params.maxTokens).toBeGreaterThan(0)
      return {
        role: 'assistant',
        content: { type: 'text', text: 'Paris' },
        model: 'test-model',
        stopReason: 'endTurn',
      }
    })
    client.onListRoots((ctx) => {
      calls.push(ctx)
      return { roots: [{ uri: 'file:///project', name: 'project' }] }
    })
  }
}

const requestsOf = (sent: unknown[], method: string) =>
  (sent as Json[]).filter((m) => m.method === method && 'id' in m)

describe('legacy era: server→client requests', () => {
  it('answers elicitation, sampling and roots requests (2025-11-25), concurrently and in sequence', async () => {
    const calls: InputContext[] = []
    const c = await connect(server(), { protocol: '2025-11-25' }, {}, withHandlers(calls))
    const init = c.clientEnd.sent[0] as Json
    expect(init.params.capabilities).toEqual({ elicitation: {}, sampling: {}, roots: { listChanged: true } })
    expect(text(await c.client.callTool({ name: 'confirm' }))).toBe('accept:{"ok":"v1"}')
    expect(text(await c.client.callTool({ name: 'gather' }))).toBe('Ada|Paris|file:///project')
    expect(text(await c.client.callTool({ name: 'wizard' }))).toMatch(/^v\d-v\d-1$/)
    expect(calls.every((ctx) => ctx.era === 'legacy' && typeof ctx.requestId === 'string')).toBe(true)
    expect(requestsOf(c.serverEnd.sent, 'elicitation/create')).toHaveLength(4)
    expect(requestsOf(c.clientEnd.sent, 'tools/call')).toHaveLength(3)
    expectValidTranscript('2025-11-25', c)
    await c.close()
  })

  it('answers sampling and roots on 2024-11-05', async () => {
    const c = await connect(server(), { protocol: '2024-11-05' }, {}, withHandlers([]))
    expect(text(await c.client.callTool({ name: 'sample-and-roots' }))).toBe('Paris/project')
    expectValidTranscript('2024-11-05', c)
    await c.close()
  })

  it('a handler that throws becomes a JSON-RPC error; unknown methods get -32601; ping is answered', async () => {
    const c = await connect(server(), { protocol: '2025-06-18' }, {}, (client) =>
      client.onElicit(() => {
        throw new Error('the user closed the dialog')
      }),
    )
    const failed = c.client.callTool({ name: 'confirm' })
    await expect(failed).rejects.toBeInstanceOf(ProtocolError)
    await expect(failed).rejects.toMatchObject({ code: -32603, message: 'the user closed the dialog' })
    await expect(c.connection.session.request('tasks/list', {})).rejects.toMatchObject({ code: -32601 })
    await expect(c.connection.session.request('ping', {})).resolves.toEqual({})
    const errors = (c.clientEnd.sent as Json[]).filter((m) => 'error' in m).map((m) => m.error.code)
    expect(errors).toEqual([-32603, -32601])
    // tasks/list is no 2025-06-18 server request: leave the injected request and its answer out of the check.
    const injected = (m: Json) => m.method === 'tasks/list' || m.error?.code === -32601
    expectValidTranscript('2025-06-18', c, injected)
    await c.close()
  })

  it('declares no capability without a handler, so the server does not ask', async () => {
    const c = await connect(server(), { protocol: '2025-11-25' })
    expect((c.clientEnd.sent[0] as Json).params.capabilities).toEqual({})
    const r = await c.client.callTool({ name: 'confirm' })
    expect(r.isError).toBe(true)
    expect(requestsOf(c.serverEnd.sent, 'elicitation/create')).toHaveLength(0)
    await c.close()
  })
})

describe('modern era: the MRTR loop', () => {
  it('fulfils several input requests of one round and retries with a new id and the exact requestState', async () => {
    const calls: InputContext[] = []
    const c = await connect(server(), { protocol: 'modern' }, {}, withHandlers(calls))
    const r = await c.client.callTool({ name: 'gather' })
    expect(r.resultType).toBe('complete')
    expect(text(r)).toBe('Ada|Paris|file:///project')
    const [first, retry] = requestsOf(c.clientEnd.sent, 'tools/call')
    const inputRequired = (c.serverEnd.sent as Json[]).find((m) => m.result?.resultType === 'input_required')!
    const keys = Object.keys(inputRequired.result.inputRequests)
    expect(keys).toHaveLength(3)
    expect(retry!.id).not.toBe(first!.id)
    expect(first!.params.requestState).toBeUndefined()
    expect(retry!.params.requestState).toBe(inputRequired.result.requestState)
    expect(Object.keys(retry!.params.inputResponses).sort()).toEqual([...keys].sort())
    expect(retry!.params.name).toBe('gather')
    expect(calls.map((ctx) => ctx.era)).toEqual(['modern', 'modern', 'modern'])
    expect(calls.map((ctx) => ctx.requestId).sort()).toEqual([...keys].sort())
    expect((first!.params._meta as Json)['io.modelcontextprotocol/clientCapabilities']).toEqual({
      elicitation: {},
      sampling: {},
      roots: {},
    })
    expectValidTranscript(MODERN, c)
    await c.close()
  })

  it('runs several sequential rounds, every retry with a fresh id', async () => {
    const c = await connect(server(), { protocol: 'modern' }, {}, withHandlers([]))
    expect(text(await c.client.callTool({ name: 'wizard' }))).toBe('v1-v2-1')
    const calls = requestsOf(c.clientEnd.sent, 'tools/call')
    expect(calls).toHaveLength(4)
    expect(new Set(calls.map((m) => m.id)).size).toBe(4)
    const states = (c.serverEnd.sent as Json[]).filter((m) => m.result?.resultType === 'input_required')
    expect(calls.slice(1).map((m) => m.params.requestState)).toEqual(states.map((m) => m.result.requestState))
    expectValidTranscript(MODERN, c)
    await c.close()
  })

  it('gives up after maxInputRounds with a clear error', async () => {
    const c = await connect(server(), { protocol: 'modern', maxInputRounds: 3 }, {}, withHandlers([]))
    await expect(c.client.callTool({ name: 'nag' })).rejects.toThrow(/still required input after 3 rounds/)
    expect(requestsOf(c.clientEnd.sent, 'tools/call')).toHaveLength(4)
    await c.close()
  })

  it('does not declare a configured capability without a handler (the server answers -32021)', async () => {
    const c = await connect(server(), {
      protocol: 'modern',
      capabilities: { elicitation: {}, experimental: {} },
    })
    const meta = (c.clientEnd.sent[0] as Json).params._meta
    expect(meta['io.modelcontextprotocol/clientCapabilities']).toEqual({ experimental: {} })
    await expect(c.client.callTool({ name: 'confirm' })).rejects.toMatchObject({ code: -32021 })
    await c.close()
  })

  it('a tampered requestState is rejected with -32602', async () => {
    const tamper = (t: ClientTransport) => {
      const send = t.send.bind(t)
      t.send = (m) => {
        const params = !Array.isArray(m) && 'params' in m ? m.params : undefined
        if (typeof params?.requestState === 'string') params.requestState = `x${params.requestState.slice(1)}`
        return send(m)
      }
      return t
    }
    const c = await connect(server(), { protocol: 'modern' }, { client: tamper }, withHandlers([]))
    const failed = c.client.callTool({ name: 'confirm' })
    await expect(failed).rejects.toBeInstanceOf(ProtocolError)
    await expect(failed).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/requestState/),
    })
    await c.close()
  })
})
