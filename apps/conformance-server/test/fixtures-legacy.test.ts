import { describe, expect, it } from 'vitest'
import { createConformanceServer } from '../src/create-server.js'
import { legacy, openSession, resultOf } from './drive.js'

const server = createConformanceServer()
const methods = (msgs: unknown[]) => msgs.map((m) => (m as { method?: string }).method)

describe('2025-11-25 fixtures through handle()', () => {
  it('advertises the capabilities the suite expects', async () => {
    const r = await server.handle({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    })
    const caps = (r.body as any).result.capabilities
    expect(caps).toMatchObject({
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      logging: {},
      completions: {},
    })
    r.session?.close()
  })

  it('sends three log messages and three progress notifications on the request stream', async () => {
    const session = await openSession(server)
    expect(resultOf(await legacy(server, session, 'logging/setLevel', { level: 'debug' }))).toEqual({})
    const logged = await legacy(server, session, 'tools/call', {
      name: 'test_tool_with_logging',
      arguments: {},
    })
    expect(methods(logged.emitted)).toEqual(Array(3).fill('notifications/message'))
    const progressed = await legacy(server, session, 'tools/call', {
      name: 'test_tool_with_progress',
      arguments: {},
      _meta: { progressToken: 'progress-test-1' },
    })
    const progress = progressed.emitted.map((m: any) => m.params)
    expect(progress.map((p) => p.progress)).toEqual([0, 50, 100])
    expect(progress.every((p) => p.progressToken === 'progress-test-1' && p.total === 100)).toBe(true)
    session.close()
  })

  it('elicits through a server→client request and reports the answer', async () => {
    const session = await openSession(server)
    const seen: Array<{ method: string; params: any }> = []
    const r = await legacy(
      server,
      session,
      'tools/call',
      { name: 'test_elicitation', arguments: { message: 'Please provide your information' } },
      (req) => {
        seen.push(req as { method: string; params: any })
        return { action: 'accept', content: { username: 'testuser', email: 'test@example.com' } }
      },
    )
    expect(seen[0]?.method).toBe('elicitation/create')
    expect(seen[0]?.params.requestedSchema.required).toEqual(['username', 'email'])
    expect(resultOf(r).content[0].text).toContain('testuser')
    session.close()
  })

  it('samples through a server→client request', async () => {
    const session = await openSession(server)
    const r = await legacy(
      server,
      session,
      'tools/call',
      { name: 'test_sampling', arguments: { prompt: 'Test prompt for sampling' } },
      () => ({
        role: 'assistant',
        content: { type: 'text', text: 'Paris' },
        model: 'm',
        stopReason: 'endTurn',
      }),
    )
    expect(resultOf(r).content[0].text).toBe('LLM response: Paris')
    session.close()
  })

  it('serves prompts, completion and subscriptions', async () => {
    const session = await openSession(server)
    const withArgs = resultOf(
      await legacy(server, session, 'prompts/get', {
        name: 'test_prompt_with_arguments',
        arguments: { arg1: 'testValue1', arg2: 'testValue2' },
      }),
    )
    expect(JSON.stringify(withArgs.messages)).toContain('testValue2')
    const completion = resultOf(
      await legacy(server, session, 'completion/complete', {
        ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' },
        argument: { name: 'arg1', value: 'test' },
      }),
    )
    expect(completion.completion.values).toEqual(['test', 'testing', 'tested'])
    const { prompts } = resultOf(await legacy(server, session, 'prompts/list'))
    expect(prompts.every((p: { description?: string }) => p.description)).toBe(true)
    expect(
      resultOf(await legacy(server, session, 'resources/subscribe', { uri: 'test://watched-resource' })),
    ).toEqual({})
    session.close()
  })
})
