import { type ElicitHandler, McpClient, type McpClientOptions, type ProgressInfo } from '@edgemcp/core'
import { describe, expect, it } from 'vitest'
import { httpPeer } from '../peer.js'
import { clientTransport, closeAfter, startInteropServer, textOf } from './fixture.js'
import { type Json, recorder, specProblems } from './traffic.js'

const MODERN = '2026-07-28'

const elicit: ElicitHandler = (params) => {
  expect(params.message).toBe('Your name?')
  return { action: 'accept', content: { name: 'Grace' } }
}

/** A client with elicitation, sampling and roots handlers, connected over loopback HTTP with a recorder. */
async function connect(url: string, protocol: McpClientOptions['protocol'], withElicit = true) {
  const traffic = recorder()
  const errors: Error[] = []
  const client = new McpClient(
    { name: 'interop-client', version: '1.0.0' },
    {
      protocol: protocol ?? 'auto',
      requestTimeoutMs: 5_000,
      onerror: (e) => errors.push(e),
      handlers: {
        ...(withElicit ? { elicit } : {}),
        sample: () => ({ role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'tiny' }),
        listRoots: () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }),
      },
    },
  )
  const transport = clientTransport(url, traffic.fetch)
  await client.connect(transport)
  closeAfter(client)
  return { client, transport, traffic, errors }
}

// [protocol option, expected era, expected version]
const cases = [
  ['2025-03-26', 'legacy', '2025-03-26'],
  ['2025-06-18', 'legacy', '2025-06-18'],
  ['2025-11-25', 'legacy', '2025-11-25'],
  [MODERN, 'modern', MODERN],
  ['auto', 'modern', MODERN],
] as const

describe('McpClient ↔ createMcpHandler over loopback HTTP', () => {
  it.each(cases)(
    'protocol %s: tools, resources, prompts, completion, progress, input requests',
    async (protocol, era, version) => {
      const fx = await startInteropServer()
      // 2025-03-26 has no elicitation (see the it.fails tests below for what happens when it is declared).
      const { client, traffic, errors } = await connect(fx.url, protocol, protocol !== '2025-03-26')
      expect(client.era).toBe(era)
      expect(client.protocolVersion).toBe(version)

      // Tools: three pages of three, followed by cursor.
      const first = await client.listTools()
      expect(first.tools.map((t) => t.name)).toEqual(['add', 'stats', 'fail'])
      expect(typeof first.nextCursor).toBe('string')
      const all = await client.listAllTools()
      expect(all.map((t) => t.name)).toEqual(['add', 'stats', 'fail', 'ticker', 'wait', 'interview', 'echo'])
      const listCalls = traffic.sent.filter((m) => m.method === 'tools/list')
      expect(listCalls).toHaveLength(4)
      expect(listCalls.filter((m) => m.params?.cursor !== undefined)).toHaveLength(2)
      expect(textOf(await client.callTool({ name: 'add', arguments: { a: 20, b: 22 } }))).toBe('42')
      const stats = await client.callTool({ name: 'stats', arguments: { values: [1, 2, 6] } })
      expect(JSON.parse(textOf(stats))).toEqual({ count: 3, mean: 3 })
      const withOutput = version >= '2025-06-18'
      // structuredContent and outputSchema exist from 2025-06-18; older clients get the text only.
      expect(stats.structuredContent).toEqual(withOutput ? { count: 3, mean: 3 } : undefined)
      expect(all.find((t) => t.name === 'stats')?.outputSchema !== undefined).toBe(withOutput)
      const failed = await client.callTool({ name: 'fail' })
      expect(failed.isError).toBe(true)
      expect(textOf(failed)).toBe('it broke')

      // Resources: fixed, listed from a template, read through the template.
      const resources = await client.listAllResources()
      expect(resources.map((r) => r.uri).sort()).toEqual(['note://alpha', 'note://beta', 'note://readme'])
      const readme = await client.readResource({ uri: 'note://readme' })
      expect(readme.contents).toEqual([{ uri: 'note://readme', mimeType: 'text/plain', text: 'Read me v1' }])
      const beta = await client.readResource({ uri: 'note://beta' })
      expect((beta.contents[0] as Json).text).toBe('note beta')
      const templates = await client.listAllResourceTemplates()
      expect(templates.map((t) => t.uriTemplate)).toEqual(['note://{id}'])

      // Prompts and completion.
      expect((await client.listAllPrompts()).map((p) => p.name)).toEqual(['greet'])
      const greeting = await client.getPrompt({ name: 'greet', arguments: { name: 'Ada' } })
      expect(greeting.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Hello Ada' } }])
      const prompted = await client.complete({
        ref: { type: 'ref/prompt', name: 'greet' },
        argument: { name: 'name', value: 'A' },
      })
      expect(prompted.completion.values).toEqual(['Ada', 'Alan'])
      const templated = await client.complete({
        ref: { type: 'ref/resource', uri: 'note://{id}' },
        argument: { name: 'id', value: 'b' },
      })
      expect(templated.completion.values).toEqual(['beta'])

      // Progress.
      const seen: ProgressInfo[] = []
      const ticked = await client.callTool(
        { name: 'ticker', arguments: { steps: 4 } },
        { onprogress: (p) => seen.push(p) },
      )
      expect(textOf(ticked)).toBe('ticked 4')
      expect(seen).toEqual([1, 2, 3, 4].map((i) => ({ progress: i, total: 4, message: `step ${i}` })))

      // Elicitation (from 2025-06-18), sampling and roots: one handler, either era.
      const interview = await client.callTool({ name: 'interview' })
      const elicited = version >= '2025-06-18' ? 'name=accept:Grace ' : ''
      expect(textOf(interview)).toBe(`${elicited}model=tiny:hi roots=file:///work`)
      const inputMethods = ['elicitation/create', 'sampling/createMessage', 'roots/list']
      if (era === 'legacy') {
        // Server→client requests arrived on the call's SSE stream and were answered by POSTs.
        const asked = traffic.received.filter((m) => inputMethods.includes(m.method) && 'id' in m)
        expect(asked.map((m) => m.method)).toEqual(inputMethods.slice(version >= '2025-06-18' ? 0 : 1))
        for (const request of asked)
          expect(traffic.sent.some((m) => m.id === request.id && m.result)).toBe(true)
        // The one GET is the standalone stream McpClient opens by default; the rest came on POST streams.
        expect(traffic.exchanges.filter((e) => e.method !== 'POST').map((e) => [e.method, e.status])).toEqual(
          [['GET', 200]],
        )
        expect(
          traffic.exchanges.some((e) => e.method === 'POST' && e.contentType.includes('text/event-stream')),
        ).toBe(true)
      } else {
        // MRTR: one input_required per awaited input, then the retry carried inputResponses.
        const rounds = traffic.received.filter((m) => m.result?.resultType === 'input_required')
        expect(rounds).toHaveLength(3)
        const retries = traffic.sent.filter((m) => m.method === 'tools/call' && m.params.inputResponses)
        expect(retries).toHaveLength(3)
        expect(retries[0]?.params.inputResponses.name).toEqual({
          action: 'accept',
          content: { name: 'Grace' },
        })
      }

      expect(errors).toEqual([])
      expect(traffic.received.length).toBeGreaterThan(20)
      expect(specProblems(version, traffic)).toEqual([])
    },
  )

  // Regression: 2025-03-26 has no elicitation, so the client must not declare it there.
  it('2025-03-26: initialize declares no elicitation capability, even with an elicit handler', async () => {
    const fx = await startInteropServer()
    const { traffic } = await connect(fx.url, '2025-03-26')
    const init = traffic.sent.find((m) => m.method === 'initialize')
    expect(init?.params.capabilities).toEqual({ sampling: {}, roots: { listChanged: true } })
  })

  // Regression: ctx.elicit() on a 2025-03-26 session rejects instead of sending an elicitation/create that
  // the revision does not have, whatever the client declared.
  it('2025-03-26: the server sends no elicitation/create, whatever the client declared', async () => {
    const fx = await startInteropServer()
    const peer = httpPeer(fx.url)
    peer.answerWith((request) => (request.method === 'roots/list' ? { roots: [] } : { action: 'decline' }))
    await peer.initialize('2025-03-26', { elicitation: {}, roots: {} })
    const answer = await peer.request('tools/call', { name: 'interview' })
    await peer.transport.close()
    expect(peer.received.filter((m) => m.method === 'elicitation/create')).toEqual([])
    expect(answer.result?.isError ?? answer.error).toBeTruthy()
  })

  it('2025-11-25: resources/subscribe → notifications/resources/updated on the standalone stream', async () => {
    const fx = await startInteropServer()
    const { client, transport, traffic } = await connect(fx.url, '2025-11-25')
    expect(await transport.openStandaloneStream()).toBe(true)
    const updated: string[] = []
    client.onNotification('notifications/resources/updated', (n) => void updated.push(String(n.params.uri)))
    await client.subscribeResource({ uri: 'note://readme' })
    fx.server.notifyResourceUpdated('note://alpha') // not subscribed
    fx.server.notifyResourceUpdated('note://readme')
    await expect.poll(() => updated).toEqual(['note://readme'])
    await client.unsubscribeResource({ uri: 'note://readme' })
    fx.server.notifyResourceUpdated('note://readme')
    await client.callTool({ name: 'echo', arguments: { text: 'x' } })
    expect(updated).toEqual(['note://readme'])
    expect(traffic.exchanges.filter((e) => e.method === 'GET').map((e) => e.status)).toEqual([200])
    expect(specProblems('2025-11-25', traffic)).toEqual([])
  })

  it('2026-07-28: subscriptions/listen with resourceSubscriptions delivers the updates of those resources', async () => {
    const fx = await startInteropServer()
    const { client, traffic } = await connect(fx.url, MODERN)
    const updated: Json[] = []
    const sub = client.listen({ resourceSubscriptions: ['note://readme'] }, (n) => {
      if (n.method === 'notifications/resources/updated') updated.push(n.params)
    })
    expect(await sub.acknowledged).toMatchObject({ resourceSubscriptions: ['note://readme'] })
    fx.server.notifyResourceUpdated('note://alpha')
    fx.server.notifyResourceUpdated('note://readme')
    await expect.poll(() => updated.length).toBe(1)
    expect(updated[0]).toMatchObject({
      uri: 'note://readme',
      _meta: { 'io.modelcontextprotocol/subscriptionId': sub.id },
    })
    await sub.close()
    await sub.closed
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'after' } }))).toBe('after')
    expect(updated).toHaveLength(1)
    expect(specProblems(MODERN, traffic)).toEqual([])
  })
})
