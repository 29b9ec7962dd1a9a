import { expect, vi } from 'vitest'
import { type CallRecord, type Harness, modelAnswer, ROOTS } from './conformance-harness.js'

/**
 * What each conformance tool must answer when the client declares elicitation, sampling and roots
 * (the official conformance scenarios, as the fixtures of apps/conformance-server implement them). `payload` is what
 * the generated function resolved to with `unwrap: true`: the content blocks (no tool has an outputSchema).
 */
export interface CheckContext {
  harness: Harness
  record: CallRecord
  /** The arguments the usage file passed, by tool. */
  args: Record<string, unknown>
  /** The generated facade bound to the harness (for follow-up calls). */
  tools: Record<string, (args?: object, options?: object) => Promise<any>>
}
type Check = (payload: any[], ctx: CheckContext) => void | Promise<void>

const PNG_SIGNATURE = '89504e470d0a1a0a'
const LOGS = ['Tool execution started', 'Tool processing data', 'Tool execution completed']

export const textOf = (payload: any[]): string =>
  payload
    .filter((b) => b.type === 'text')
    .map((b) => b.text)
    .join('')

/** The MRTR keys (2026-07-28) or nothing to check (legacy ids are the server's). */
function expectKeys(ctx: CheckContext, keys: string[]): void {
  if (ctx.harness.era === 'modern') expect(ctx.record.inputs.map((i) => i.key)).toEqual(keys)
  else expect(ctx.record.inputs).toHaveLength(keys.length)
}

const elicited = (ctx: CheckContext, index = 0) => ctx.record.inputs[index]?.params

async function toggles(
  ctx: CheckContext,
  kind: 'tool' | 'prompt',
  first: string,
  tool: 'testTriggerToolChange' | 'testTriggerPromptChange',
): Promise<void> {
  const { harness } = ctx
  const name = `test_dynamic_${kind}`
  const listed = async () =>
    kind === 'tool'
      ? (await harness.client.listAllTools()).map((t) => t.name)
      : (await harness.client.listAllPrompts()).map((p) => p.name)
  const notification = `notifications/${kind}s/list_changed`
  const before = harness.changes.filter((m) => m === notification).length
  expect(first).toBe(`Added ${kind} ${name}`)
  await vi.waitFor(() => expect(harness.changes.filter((m) => m === notification)).toHaveLength(before + 1))
  expect(await listed()).toContain(name)
  const dynamic =
    kind === 'tool'
      ? await harness.client.callTool({ name, arguments: {} })
      : await harness.client.getPrompt({ name })
  expect(JSON.stringify(dynamic)).toContain(`This is a dynamically added ${kind}.`)
  // Called again through the generated function: removed, announced, gone (the server is as it was).
  expect(textOf(await ctx.tools[tool]?.({}, { unwrap: true }))).toBe(`Removed ${kind} ${name}`)
  await vi.waitFor(() => expect(harness.changes.filter((m) => m === notification)).toHaveLength(before + 2))
  expect(await listed()).not.toContain(name)
}

export const checks: Record<string, Check> = {
  test_simple_text: (p) =>
    expect(p).toEqual([{ type: 'text', text: 'This is a simple text response for testing.' }]),
  test_image_content: (p) => {
    expect(p).toEqual([{ type: 'image', data: expect.any(String), mimeType: 'image/png' }])
    expect(Buffer.from(p[0].data, 'base64').subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE)
  },
  test_audio_content: (p) => {
    expect(p).toEqual([{ type: 'audio', data: expect.any(String), mimeType: 'audio/wav' }])
    const wav = Buffer.from(p[0].data, 'base64')
    expect([wav.subarray(0, 4).toString(), wav.subarray(8, 12).toString()]).toEqual(['RIFF', 'WAVE'])
  },
  test_embedded_resource: (p) =>
    expect(p).toEqual([
      {
        type: 'resource',
        resource: {
          uri: 'test://embedded-resource',
          mimeType: 'text/plain',
          text: 'This is an embedded resource content.',
        },
      },
    ]),
  test_multiple_content_types: (p) => {
    expect(p.map((b) => b.type)).toEqual(['text', 'image', 'resource'])
    expect(p[2].resource).toMatchObject({
      uri: 'test://mixed-content-resource',
      mimeType: 'application/json',
    })
    expect(JSON.parse(p[2].resource.text)).toEqual({ test: 'data', value: 123 })
  },
  test_tool_with_progress: (p, { record }) => {
    expect(textOf(p)).toBe('Progress test completed')
    expect(record.progress.map((e) => [e.progress, e.total])).toEqual([
      [0, 100],
      [50, 100],
      [100, 100],
    ])
  },
  test_tool_with_logging: (p, { record }) => {
    expect(textOf(p)).toBe('Logging test completed')
    expect(record.logs).toEqual(LOGS)
  },
  test_logging_tool: (p, { record }) => {
    expect(textOf(p)).toBe('Logging test completed')
    expect(record.logs).toEqual(LOGS)
  },
  test_sampling: (p, ctx) => {
    const prompt = (ctx.args.test_sampling as { prompt: string }).prompt
    expect(ctx.record.inputs).toEqual([
      {
        method: 'sampling/createMessage',
        key: expect.anything(),
        params: expect.objectContaining({
          messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
          maxTokens: 100,
        }),
      },
    ])
    expect(textOf(p)).toBe(`LLM response: ${modelAnswer(prompt)}`)
  },
  test_elicitation: (p, ctx) => {
    const { message } = ctx.args.test_elicitation as { message: string }
    expect(ctx.record.inputs.map((i) => i.method)).toEqual(['elicitation/create'])
    expect(elicited(ctx)).toMatchObject({ message, requestedSchema: { required: ['username', 'email'] } })
    expect(textOf(p)).toBe(
      'User response: action=accept, content={"username":"testuser","email":"test@example.com"}',
    )
  },
  test_elicitation_sep1034_defaults: (p, ctx) => {
    expect(elicited(ctx)?.requestedSchema.properties).toMatchObject({
      name: { type: 'string', default: 'John Doe' },
      age: { type: 'integer', default: 30 },
      score: { type: 'number', default: 95.5 },
      status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
      verified: { type: 'boolean', default: true },
    })
    expect(textOf(p)).toBe(
      'Elicitation completed: action=accept, content={"name":"Jane Smith","age":25,"score":88.5,"status":"inactive","verified":false}',
    )
  },
  test_elicitation_sep1330_enums: (p, ctx) => {
    const props = elicited(ctx)?.requestedSchema.properties
    expect(props.untitledSingle).toMatchObject({ type: 'string', enum: ['option1', 'option2', 'option3'] })
    expect(props.untitledSingle.oneOf).toBeUndefined()
    expect(props.titledSingle.oneOf[0]).toEqual({ const: 'value1', title: 'First Option' })
    expect(props.titledSingle.enum).toBeUndefined()
    expect(props.legacyEnum.enumNames).toHaveLength(props.legacyEnum.enum.length)
    expect(props.untitledMulti.items.enum).toEqual(['option1', 'option2', 'option3'])
    expect(props.titledMulti.items.anyOf).toHaveLength(3)
    expect(textOf(p)).toContain('"titledMulti":["value1","value2"]')
  },
  test_missing_capability: (p, ctx) => {
    expectKeys(ctx, ['hello'])
    expect(textOf(p)).toBe(`LLM response: ${modelAnswer('Say hello')}`)
  },
  test_streaming_elicitation: (p, ctx) => {
    expectKeys(ctx, ['user_name'])
    expect(textOf(p)).toBe('Hello, Alice!')
  },
  test_trigger_tool_change: (p, ctx) => toggles(ctx, 'tool', textOf(p), 'testTriggerToolChange'),
  test_trigger_prompt_change: (p, ctx) => toggles(ctx, 'prompt', textOf(p), 'testTriggerPromptChange'),
  test_input_required_result_elicitation: (p, ctx) => {
    expectKeys(ctx, ['user_name'])
    expect(textOf(p)).toBe('Hello, Alice!')
  },
  test_input_required_result_sampling: (p, ctx) => {
    expectKeys(ctx, ['capital_question'])
    expect(textOf(p)).toBe(`The model answered: ${modelAnswer('What is the capital of France?')}`)
  },
  test_input_required_result_list_roots: (p, ctx) => {
    expectKeys(ctx, ['client_roots'])
    expect(textOf(p)).toBe(`Client roots: ${ROOTS[0]?.uri}`)
  },
  test_input_required_result_request_state: (p, ctx) => {
    expectKeys(ctx, ['confirm'])
    expect(textOf(p)).toBe('state-ok: confirmed=true')
  },
  test_input_required_result_multiple_inputs: (p, ctx) => {
    expect(ctx.record.inputs.map((i) => i.method).sort()).toEqual([
      'elicitation/create',
      'roots/list',
      'sampling/createMessage',
    ])
    if (ctx.harness.era === 'modern')
      expect(ctx.record.inputs.map((i) => i.key).sort()).toEqual(['client_roots', 'greeting', 'user_name'])
    expect(textOf(p)).toBe(`name=Alice, greeting=${modelAnswer('Write a short greeting')}, roots=1`)
  },
  test_input_required_result_multi_round: (p, ctx) => {
    expectKeys(ctx, ['step1', 'step2'])
    expect(ctx.record.inputs.map((i) => i.params.message)).toEqual([
      'What is your name?',
      'What is your favorite color, Alice?',
    ])
    if (ctx.harness.era === 'modern') {
      // Three rounds; each retry carries the state of the round before, and the two states differ.
      const states = ctx.record.sent.map((s) => s.body?.params?.requestState)
      expect(states).toHaveLength(3)
      expect(states[0]).toBeUndefined()
      expect(new Set(states.slice(1)).size).toBe(2)
    }
    expect(textOf(p)).toBe('Alice likes blue')
  },
  test_input_required_result_tampered_state: (p, ctx) => {
    expectKeys(ctx, ['confirm'])
    expect(textOf(p)).toBe('confirmed=true')
  },
  test_input_required_result_capabilities: (p, ctx) => {
    expectKeys(ctx, ['user_name', 'capital_question', 'client_roots'])
    expect(textOf(p)).toBe(`name=Alice, answer=${modelAnswer('What is the capital of France?')}, roots=1`)
  },
  json_schema_2020_12_tool: (p, ctx) => {
    const text = textOf(p)
    expect(text.startsWith('Received: ')).toBe(true)
    expect(JSON.parse(text.slice('Received: '.length))).toEqual(ctx.args.json_schema_2020_12_tool)
  },
  test_reconnection: (p, ctx) => {
    expect(textOf(p)).toBe('Reconnection test completed')
    // Legacy: the server drops the call's SSE stream; the client resumes it with Last-Event-ID (GET).
    const resumed = ctx.record.sent.filter((s) => s.method === 'GET' && s.headers.has('last-event-id'))
    expect(resumed.length > 0).toBe(ctx.harness.era === 'legacy')
  },
  test_custom_header: (p, ctx) => {
    const { region } = ctx.args.test_custom_header as { region: string }
    expect(textOf(p)).toBe(`Region: ${region}`)
    // 2026-07-28: the x-mcp-header argument is mirrored into Mcp-Param-Region (the server checks it).
    const post = ctx.record.sent.find((s) => s.body?.method === 'tools/call')
    if (ctx.harness.era === 'modern') expect(post?.headers.get('mcp-param-region')).toBe(region)
  },
}
