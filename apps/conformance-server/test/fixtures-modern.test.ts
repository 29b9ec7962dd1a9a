import { eventually, modernMeta } from '@edgemcp/test-helpers'
import { describe, expect, it } from 'vitest'
import { createConformanceServer } from '../src/create-server.js'
import { errorOf, modern, resultOf } from './drive.js'

const server = createConformanceServer()
const accept = (content: Record<string, unknown>) => ({ action: 'accept', content })
const call = (name: string, extra: Record<string, unknown> = {}, meta: Record<string, unknown> = {}) =>
  modern(server, 'tools/call', { name, arguments: {}, ...extra }, meta)

describe('2026-07-28 fixtures through handle()', () => {
  it('lists every tool with a description and an object input schema, test_simple_text first', async () => {
    const { tools } = resultOf(await modern(server, 'tools/list'))
    expect(tools[0].name).toBe('test_simple_text')
    for (const t of tools) {
      expect(t.name).toMatch(/^[A-Za-z0-9_.-]{1,128}$/)
      expect(t.description).toBeTruthy()
      expect(t.inputSchema.type).toBe('object')
    }
    const names = tools.map((t: { name: string }) => t.name)
    expect(names).toEqual(expect.arrayContaining(['test_missing_capability', 'test_streaming_elicitation']))
    const again = resultOf(await modern(server, 'tools/list')).tools.map((t: { name: string }) => t.name)
    expect(again).toEqual(names)
  })

  it('returns the JSON Schema 2020-12 input schema verbatim', async () => {
    const { tools } = resultOf(await modern(server, 'tools/list'))
    const tool = tools.find((t: { name: string }) => t.name === 'json_schema_2020_12_tool')
    expect(tool.inputSchema.$defs.address.$anchor).toBe('addressDef')
    expect(tool.inputSchema.if).toBeDefined()
    expect(tool.inputSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
  })

  it('completes content tools with resultType complete', async () => {
    const simple = resultOf(await call('test_simple_text'))
    expect(simple.resultType).toBe('complete')
    expect(simple.content[0].text).toBe('This is a simple text response for testing.')
    const audio = resultOf(await call('test_audio_content'))
    expect(audio.content[0]).toMatchObject({ type: 'audio', mimeType: 'audio/wav' })
    expect(atob(audio.content[0].data).slice(0, 4)).toBe('RIFF')
    const mixed = resultOf(await call('test_multiple_content_types'))
    expect(mixed.content.map((c: { type: string }) => c.type)).toEqual(['text', 'image', 'resource'])
    expect(resultOf(await call('test_error_handling')).isError).toBe(true)
  })

  it('runs the basic elicitation round trip (state optional)', async () => {
    const first = resultOf(await call('test_input_required_result_elicitation'))
    expect(first.resultType).toBe('input_required')
    expect(first.inputRequests.user_name).toMatchObject({
      method: 'elicitation/create',
      params: { message: 'What is your name?' },
    })
    const done = resultOf(
      await call('test_input_required_result_elicitation', {
        inputResponses: { user_name: accept({ name: 'Alice' }), unknown_extra_key: accept({ foo: 'bar' }) },
      }),
    )
    expect(done.resultType).toBe('complete')
    expect(done.content[0].text).toBe('Hello, Alice!')
  })

  it('re-requests a missing input and rejects malformed input responses', async () => {
    const wrong = resultOf(
      await call('test_input_required_result_elicitation', {
        inputResponses: { wrong_key: accept({ data: 'wrong' }) },
      }),
    )
    expect(wrong.resultType).toBe('input_required')
    for (const inputResponses of [{ user_name: 12345 }, null])
      expect(errorOf(await call('test_input_required_result_elicitation', { inputResponses })).code).toBe(
        -32602,
      )
  })

  it('asks for all three inputs in one round, then completes', async () => {
    const first = resultOf(await call('test_input_required_result_multiple_inputs'))
    const methods = Object.values(first.inputRequests).map((r: any) => r.method)
    expect(methods.sort()).toEqual(['elicitation/create', 'roots/list', 'sampling/createMessage'])
    expect(typeof first.requestState).toBe('string')
    const done = resultOf(
      await call('test_input_required_result_multiple_inputs', {
        requestState: first.requestState,
        inputResponses: {
          user_name: accept({ name: 'Alice' }),
          greeting: {
            role: 'assistant',
            content: { type: 'text', text: 'Hi' },
            model: 'm',
            stopReason: 'endTurn',
          },
          client_roots: { roots: [{ uri: 'file:///test/root', name: 'Test Root' }] },
        },
      }),
    )
    expect(done.content[0].text).toBe('name=Alice, greeting=Hi, roots=1')
  })

  it('runs two rounds with different request states', async () => {
    const r1 = resultOf(await call('test_input_required_result_multi_round'))
    expect(Object.keys(r1.inputRequests)).toEqual(['step1'])
    const r2 = resultOf(
      await call('test_input_required_result_multi_round', {
        requestState: r1.requestState,
        inputResponses: { step1: accept({ name: 'Alice' }) },
      }),
    )
    expect(r2.resultType).toBe('input_required')
    expect(Object.keys(r2.inputRequests)).toEqual(['step2'])
    expect(r2.requestState).not.toBe(r1.requestState)
    const r3 = resultOf(
      await call('test_input_required_result_multi_round', {
        requestState: r2.requestState,
        inputResponses: { step2: accept({ color: 'blue' }) },
      }),
    )
    expect(r3.content[0].text).toBe('Alice likes blue')
  })

  it('rejects a tampered request state with a JSON-RPC error', async () => {
    const first = resultOf(await call('test_input_required_result_tampered_state'))
    const key = Object.keys(first.inputRequests)[0] as string
    const retry = await call('test_input_required_result_tampered_state', {
      requestState: `${first.requestState}-TAMPERED`,
      inputResponses: { [key]: accept({ ok: true }) },
    })
    expect(errorOf(retry).code).toBe(-32602)
  })

  it('only asks for inputs the client declared', async () => {
    const first = resultOf(
      await call(
        'test_input_required_result_capabilities',
        {},
        {
          'io.modelcontextprotocol/clientCapabilities': { sampling: {} },
        },
      ),
    )
    const methods = Object.values(first.inputRequests).map((r: any) => r.method)
    expect(methods).toEqual(['sampling/createMessage'])
  })

  it('fails test_missing_capability with -32021 and HTTP 400 when sampling is undeclared', async () => {
    const r = await call('test_missing_capability', {}, { 'io.modelcontextprotocol/clientCapabilities': {} })
    expect(r.result.status).toBe(400)
    expect(errorOf(r)).toMatchObject({ code: -32021, data: { requiredCapabilities: { sampling: {} } } })
  })

  it('answers the SEP-2322 prompt with input_required, then messages', async () => {
    const first = resultOf(await modern(server, 'prompts/get', { name: 'test_input_required_result_prompt' }))
    expect(first.inputRequests.user_context.method).toBe('elicitation/create')
    const done = resultOf(
      await modern(server, 'prompts/get', {
        name: 'test_input_required_result_prompt',
        requestState: first.requestState,
        inputResponses: { user_context: accept({ context: 'test context' }) },
      }),
    )
    expect(done.messages[0].content.text).toContain('test context')
  })

  it('sends no log notifications without a requested log level', async () => {
    const quiet = await call('test_logging_tool')
    expect(quiet.emitted).toEqual([])
    const loud = await call('test_logging_tool', {}, { 'io.modelcontextprotocol/logLevel': 'debug' })
    expect(loud.emitted.filter((m) => 'method' in m && m.method === 'notifications/message')).toHaveLength(3)
  })

  it('reads resources and templates; unknown URIs are -32602 with data.uri', async () => {
    const text = resultOf(await modern(server, 'resources/read', { uri: 'test://static-text' }))
    expect(text).toMatchObject({ resultType: 'complete', contents: [{ mimeType: 'text/plain' }] })
    expect(typeof text.ttlMs).toBe('number')
    const tpl = resultOf(await modern(server, 'resources/read', { uri: 'test://template/123/data' }))
    expect(JSON.parse(tpl.contents[0].text)).toEqual({
      id: '123',
      templateTest: true,
      data: 'Data for ID: 123',
    })
    const uri = 'test://nonexistent-resource-for-conformance-testing'
    expect(errorOf(await modern(server, 'resources/read', { uri }))).toMatchObject({
      code: -32602,
      data: { uri },
    })
  })

  it('delivers tools/list_changed to a listen stream when test_trigger_tool_change runs', async () => {
    const controller = new AbortController()
    const frames: any[] = []
    const listening = server.handle(
      {
        jsonrpc: '2.0',
        id: 'sub-1',
        method: 'subscriptions/listen',
        params: {
          notifications: { toolsListChanged: true },
          _meta: modernMeta(),
        },
      },
      { era: 'modern', emit: (m) => void frames.push(m), signal: controller.signal },
    )
    const methods = () => frames.map((f) => f.method)
    await eventually(() => expect(methods()).toContain('notifications/subscriptions/acknowledged'))
    await call('test_trigger_prompt_change')
    await call('test_trigger_tool_change')
    // The prompt change was raised first: had it been delivered (not subscribed), it would precede this.
    await eventually(() => expect(methods()).toContain('notifications/tools/list_changed'))
    controller.abort()
    await listening
    expect(frames.map((f) => f.method)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/tools/list_changed',
    ])
    for (const f of frames) expect(f.params._meta['io.modelcontextprotocol/subscriptionId']).toBe('sub-1')
    const names = resultOf(await modern(server, 'tools/list')).tools.map((t: { name: string }) => t.name)
    expect(names).toContain('test_dynamic_tool')
    await call('test_trigger_tool_change')
    await call('test_trigger_prompt_change')
  })
})
