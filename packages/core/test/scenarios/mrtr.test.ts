import { modernMeta } from '@edgemcp/test-helpers'
import { afterEach, describe, expect, it } from 'vitest'
import { UrlElicitationRequiredError } from '../../src/errors/protocol-error.js'
import { McpServer } from '../../src/server/mcp-server.js'
import { invalidServerMessages, rawPeer } from '../helpers/raw-peer.js'

const meta = (caps: Record<string, unknown> = { elicitation: {}, sampling: {}, roots: {} }) => ({
  _meta: modernMeta({ 'io.modelcontextprotocol/clientCapabilities': caps }),
})
const accept = (content: Record<string, unknown>) => ({ action: 'accept', content })

function makeServer() {
  const server = new McpServer({ name: 'mrtr', version: '1.0.0' })
  server.tool('greet', {}, async (_a, ctx) => {
    const r = await ctx.elicit(
      { message: 'Name?', requestedSchema: { type: 'object' } },
      { key: 'user_name' },
    )
    return { content: [{ type: 'text', text: `Hello, ${String(r.content?.name)}!` }] }
  })
  server.tool('steps', {}, async (_a, ctx) => {
    const a = await ctx.elicit({ message: '1', requestedSchema: { type: 'object' } }, { key: 'step1' })
    const b = await ctx.elicit({ message: '2', requestedSchema: { type: 'object' } }, { key: 'step2' })
    return { content: [{ type: 'text', text: `${String(a.content?.name)}/${String(b.content?.color)}` }] }
  })
  server.tool('all', {}, async (_a, ctx) => {
    const [e, s, r] = await Promise.all([
      ctx.elicit({ message: 'x', requestedSchema: { type: 'object' } }),
      ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 }),
      ctx.listRoots(),
    ])
    return { content: [{ type: 'text', text: `${e.action}|${s.model}|${r.roots.length}` }] }
  })
  return server
}

let peers: Array<Awaited<ReturnType<typeof rawPeer>>> = []
async function peerOf(server: McpServer) {
  const p = await rawPeer(server)
  peers.push(p)
  return p
}

afterEach(() => {
  for (const p of peers) expect(invalidServerMessages(p.sentByServer, '2026-07-28')).toEqual([])
  peers = []
})

describe('MRTR (2026-07-28) through one handler API', () => {
  it('uses named keys, and completes from inputResponses alone', async () => {
    const peer = await peerOf(makeServer())
    const first = await peer.request('tools/call', { ...meta(), name: 'greet' })
    expect(first.result.resultType).toBe('input_required')
    expect(Object.keys(first.result.inputRequests)).toEqual(['user_name'])
    const direct = await peer.request('tools/call', {
      ...meta(),
      name: 'greet',
      inputResponses: { user_name: accept({ name: 'Alice' }), extra: { action: 'accept', content: {} } },
    })
    expect(direct.result.content[0].text).toBe('Hello, Alice!')
  })

  it('asks again for a missing response, and rejects malformed ones naming the field', async () => {
    const peer = await peerOf(makeServer())
    const again = await peer.request('tools/call', {
      ...meta(),
      name: 'greet',
      inputResponses: { wrong: accept({}) },
    })
    expect(again.result.resultType).toBe('input_required')
    const bad = await peer.request('tools/call', {
      ...meta(),
      name: 'greet',
      inputResponses: { user_name: 12345 },
    })
    expect(bad.error).toMatchObject({ code: -32602, data: { field: 'inputResponses.user_name' } })
    const nul = await peer.request('tools/call', { ...meta(), name: 'greet', inputResponses: null })
    expect(nul.error.code).toBe(-32602)
  })

  it('runs several rounds with fresh state each time, and rejects tampered state', async () => {
    const peer = await peerOf(makeServer())
    const r1 = await peer.request('tools/call', { ...meta(), name: 'steps' })
    const r2 = await peer.request('tools/call', {
      ...meta(),
      name: 'steps',
      requestState: r1.result.requestState,
      inputResponses: { step1: accept({ name: 'Alice' }) },
    })
    expect(Object.keys(r2.result.inputRequests)).toEqual(['step2'])
    expect(r2.result.requestState).not.toBe(r1.result.requestState)
    const r3 = await peer.request('tools/call', {
      ...meta(),
      name: 'steps',
      requestState: r2.result.requestState,
      inputResponses: { step2: accept({ color: 'blue' }) },
    })
    expect(r3.result).toMatchObject({ resultType: 'complete', content: [{ text: 'Alice/blue' }] })
    const tampered = await peer.request('tools/call', {
      ...meta(),
      name: 'steps',
      requestState: `${r2.result.requestState}-TAMPERED`,
      inputResponses: { step2: accept({ color: 'blue' }) },
    })
    expect(tampered.error.code).toBe(-32602)
    const otherTool = await peer.request('tools/call', {
      ...meta(),
      name: 'greet',
      requestState: r2.result.requestState,
    })
    expect(otherTool.error.code).toBe(-32602)
  })

  it('gathers parallel input requests into one round, within the declared capabilities', async () => {
    const peer = await peerOf(makeServer())
    const first = await peer.request('tools/call', { ...meta(), name: 'all' })
    expect(Object.values(first.result.inputRequests).map((r: any) => r.method)).toEqual([
      'elicitation/create',
      'sampling/createMessage',
      'roots/list',
    ])
    const done = await peer.request('tools/call', {
      ...meta(),
      name: 'all',
      requestState: first.result.requestState,
      inputResponses: {
        'elicit-0': accept({}),
        'sample-1': { role: 'assistant', content: { type: 'text', text: 'yo' }, model: 'm' },
        'roots-2': { roots: [{ uri: 'file:///x' }] },
      },
    })
    expect(done.result.content[0].text).toBe('accept|m|1')
    const noElicit = await peer.request('tools/call', { ...meta({ sampling: {} }), name: 'greet' })
    expect(noElicit.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { elicitation: {} } },
    })
  })

  it('does not repeat progress and logs while replaying earlier rounds', async () => {
    const server = makeServer()
    server.tool('chatty', {}, async (_a, ctx) => {
      await ctx.progress(1, 3)
      await ctx.log('info', 'before')
      const a = await ctx.elicit({ message: '1', requestedSchema: { type: 'object' } }, { key: 'a' })
      await ctx.progress(2, 3)
      const b = await ctx.elicit({ message: '2', requestedSchema: { type: 'object' } }, { key: 'b' })
      await ctx.progress(3, 3)
      return { content: [{ type: 'text', text: `${a.action}${b.action}` }] }
    })
    const peer = await peerOf(server)
    const m = (token: string) => ({
      _meta: { ...meta()._meta, progressToken: token, 'io.modelcontextprotocol/logLevel': 'debug' },
    })
    const notes = () => peer.received.filter((x) => x.method?.startsWith('notifications/'))
    const r1 = await peer.request('tools/call', { ...m('t1'), name: 'chatty' })
    const r2 = await peer.request('tools/call', {
      ...m('t2'),
      name: 'chatty',
      requestState: r1.result.requestState,
      inputResponses: { a: accept({}) },
    })
    const r3 = await peer.request('tools/call', {
      ...m('t3'),
      name: 'chatty',
      requestState: r2.result.requestState,
      inputResponses: { b: accept({}) },
    })
    expect(r3.result.content[0].text).toBe('acceptaccept')
    const progress = notes()
      .filter((x) => x.method === 'notifications/progress')
      .map((x) => x.params.progress)
    expect(progress).toEqual([1, 2, 3])
    expect(notes().filter((x) => x.method === 'notifications/message')).toHaveLength(1)
  })

  it('turns a UrlElicitationRequiredError into URL-mode input requests (no -32042 in 2026-07-28)', async () => {
    const server = makeServer()
    let linked = false
    server.tool('link', {}, () => {
      if (!linked)
        throw new UrlElicitationRequiredError([
          { mode: 'url', message: 'Sign in', url: 'https://example.com/auth', elicitationId: 'e1' },
        ])
      return { content: [{ type: 'text', text: 'linked' }] }
    })
    const peer = await peerOf(server)
    const first = await peer.request('tools/call', { ...meta(), name: 'link' })
    expect(first.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: {
        'url-e1': { method: 'elicitation/create', params: { mode: 'url', url: 'https://example.com/auth' } },
      },
    })
    linked = true // the out-of-band step happened
    const retry = await peer.request('tools/call', {
      ...meta(),
      name: 'link',
      requestState: first.result.requestState,
      inputResponses: { 'url-e1': { action: 'accept' } },
    })
    expect(retry.result.content[0].text).toBe('linked')
    linked = false
    const noCap = await peer.request('tools/call', { ...meta({}), name: 'link' })
    expect(noCap.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { elicitation: { url: {} } } },
    })
  })

  it('never answers input_required on list methods', async () => {
    const peer = await peerOf(makeServer())
    const list = await peer.request('tools/list', { ...meta() })
    expect(list.result.resultType).toBe('complete')
  })
})
