// Hand-written: the calls of test/round-trip-conformance.test.ts. It is type-checked under the repo's strict
// options together with the client generated from the running conformance server (`./client.js`), then run.
// Not part of the package's own program: it only compiles next to a generated client.
import type { GetPromptResult, McpClient, ReadResourceResult } from '@edgemcp/core'
import {
  createClient,
  jsonSchema202012Tool,
  readTemplateDataResource,
  testCustomHeader,
  testSampling,
  testSimpleText,
  type ToolCaller,
  type ToolContent,
  type ToolMap,
  type ToolName,
  type ToolsClient,
} from './client.js'

/** What `unwrap: true` resolves to: the structured output, or the content blocks without an outputSchema. */
export type Payload<K extends ToolName> = unknown extends ToolMap[K]['output']
  ? ToolContent
  : ToolMap[K]['output']

const unwrap = { unwrap: true } as const

/** The arguments of the tools that take some, typed by the generated input types. */
export const args = {
  json_schema_2020_12_tool: {
    name: 'Ada',
    address: { street: '1 Main St', city: 'London' },
    contactMethod: 'email',
    email: 'ada@example.com',
  },
  test_custom_header: { region: 'eu-west-1' },
  test_elicitation: { message: 'Please provide your information' },
  test_sampling: { prompt: 'Test prompt for sampling' },
} as const satisfies { [K in ToolName]?: ToolMap[K]['input'] }

/** One unwrapped call per tool through the facade: a missing or unknown tool does not compile. */
export const calls: { [K in ToolName]: (tools: ToolsClient) => Promise<Payload<K>> } = {
  json_schema_2020_12_tool: (t) => t.jsonSchema202012Tool(args.json_schema_2020_12_tool, unwrap),
  test_audio_content: (t) => t.testAudioContent({}, unwrap),
  test_custom_header: (t) => t.testCustomHeader(args.test_custom_header, unwrap),
  test_elicitation: (t) => t.testElicitation(args.test_elicitation, unwrap),
  test_elicitation_sep1034_defaults: (t) => t.testElicitationSep1034Defaults({}, unwrap),
  test_elicitation_sep1330_enums: (t) => t.testElicitationSep1330Enums({}, unwrap),
  test_embedded_resource: (t) => t.testEmbeddedResource({}, unwrap),
  test_error_handling: (t) => t.testErrorHandling({}, unwrap),
  test_image_content: (t) => t.testImageContent(undefined, unwrap),
  test_input_required_result_capabilities: (t) => t.testInputRequiredResultCapabilities({}, unwrap),
  test_input_required_result_elicitation: (t) => t.testInputRequiredResultElicitation({}, unwrap),
  test_input_required_result_list_roots: (t) => t.testInputRequiredResultListRoots({}, unwrap),
  test_input_required_result_multi_round: (t) => t.testInputRequiredResultMultiRound({}, unwrap),
  test_input_required_result_multiple_inputs: (t) => t.testInputRequiredResultMultipleInputs({}, unwrap),
  test_input_required_result_request_state: (t) => t.testInputRequiredResultRequestState({}, unwrap),
  test_input_required_result_sampling: (t) => t.testInputRequiredResultSampling({}, unwrap),
  test_input_required_result_tampered_state: (t) => t.testInputRequiredResultTamperedState({}, unwrap),
  test_logging_tool: (t) => t.testLoggingTool({}, unwrap),
  test_missing_capability: (t) => t.testMissingCapability({}, unwrap),
  test_multiple_content_types: (t) => t.testMultipleContentTypes({}, unwrap),
  test_reconnection: (t) => t.testReconnection({}, unwrap),
  test_sampling: (t) => t.testSampling(args.test_sampling, unwrap),
  test_simple_text: (t) => t.testSimpleText(undefined, unwrap),
  test_streaming_elicitation: (t) => t.testStreamingElicitation({}, unwrap),
  test_tool_with_logging: (t) => t.testToolWithLogging({}, unwrap),
  test_tool_with_progress: (t) => t.testToolWithProgress({}, unwrap),
  test_trigger_prompt_change: (t) => t.testTriggerPromptChange({}, unwrap),
  test_trigger_tool_change: (t) => t.testTriggerToolChange({}, unwrap),
}

/** Every prompt function and the resource template function (`--with prompts,resources`). */
export const reads = {
  test_simple_prompt: (t) => t.getTestSimplePromptPrompt(),
  test_prompt_with_arguments: (t) =>
    t.getTestPromptWithArgumentsPrompt({ arg1: 'testValue1', arg2: 'testValue2' }),
  test_prompt_with_embedded_resource: (t) =>
    t.getTestPromptWithEmbeddedResourcePrompt({ resourceUri: 'test://example-resource' }),
  test_prompt_with_image: (t) => t.getTestPromptWithImagePrompt({}),
  test_input_required_result_prompt: (t) => t.getTestInputRequiredResultPromptPrompt(),
  'test://template/{id}/data': (t) => t.readTemplateDataResource({ id: 123 }),
} satisfies Record<string, (tools: ToolsClient) => Promise<GetPromptResult | ReadResourceResult>>

/** The core client fits the generated structural interfaces. */
export const bind = (client: McpClient): ToolsClient => createClient(client)

/** Without `unwrap` a tool function resolves to the whole CallToolResult. */
export async function whole(caller: ToolCaller): Promise<boolean | undefined> {
  const result = await testSimpleText(caller)
  return result.isError
}

/** Wrong arguments do not compile; each line must stay an error. */
export function mistakes(caller: ToolCaller & Parameters<typeof createClient>[0]): void {
  // @ts-expect-error `prompt` is required
  void testSampling(caller, {})
  // @ts-expect-error `prompt` is a string
  void testSampling(caller, { prompt: 1 })
  // @ts-expect-error `contactMethod` is 'phone' | 'email'
  void jsonSchema202012Tool(caller, { contactMethod: 'fax' })
  // @ts-expect-error additionalProperties: false
  void jsonSchema202012Tool(caller, { nickname: 'Ada' })
  // @ts-expect-error the address is an object of strings
  void jsonSchema202012Tool(caller, { address: { city: 7 } })
  // @ts-expect-error a tool without parameters takes no arguments
  void testSimpleText(caller, { extra: true })
  // @ts-expect-error `region` is required
  void testCustomHeader(caller, {})
  // @ts-expect-error the template needs its `id`
  void readTemplateDataResource(caller, {})
  // @ts-expect-error both prompt arguments are required
  void createClient(caller).getTestPromptWithArgumentsPrompt({ arg1: 'x' })
}
