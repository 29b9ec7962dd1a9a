import type { ElicitParams, JsonObject, McpClient, Tool } from '@edgemcp/core'
import { type ConnectOptions, connect, newClient } from './connect.js'
import type { Run } from './context.js'

type Handler = (run: Run) => Promise<void>

/** A value of a JSON Schema type, for calling a tool the suite does not give arguments for. */
function sample(schema: unknown): unknown {
  const s = (typeof schema === 'object' && schema !== null ? schema : {}) as Record<string, unknown>
  if (s.default !== undefined) return s.default
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0]
  switch (s.type) {
    case 'number':
    case 'integer':
      return 1
    case 'boolean':
      return true
    case 'array':
      return []
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>
      return Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, sample(v)]))
    }
    default:
      return 'test'
  }
}

/** The calls the suite asks for (`context.toolCalls`), else one call of each listed tool with sample arguments. */
function plannedCalls(run: Run, tools: Tool[]): Array<{ name: string; arguments: JsonObject }> {
  const given = run.context.toolCalls
  if (Array.isArray(given)) return given as Array<{ name: string; arguments: JsonObject }>
  return tools.map((t) => ({ name: t.name, arguments: sample(t.inputSchema) as JsonObject }))
}

/**
 * What an application does with a server: list and call its tools, read its resources, get its prompts
 * (each only when the server declares the capability).
 */
async function exercise(client: McpClient, run: Run): Promise<void> {
  const capabilities = client.serverCapabilities ?? {}
  const tools = capabilities.tools ? (await client.listTools()).tools : []
  for (const call of plannedCalls(run, tools)) await client.callTool(call)
  if (capabilities.resources) {
    const { resources } = await client.listResources()
    for (const resource of resources) await client.readResource({ uri: resource.uri })
  }
  if (capabilities.prompts) {
    const { prompts } = await client.listPrompts()
    for (const prompt of prompts) {
      const args = Object.fromEntries((prompt.arguments ?? []).map((a) => [a.name, 'test']))
      await client.getPrompt({ name: prompt.name, arguments: args })
    }
  }
}

/** Runs `body` with a connected client, closing it afterwards. */
async function withClient(
  run: Run,
  body: (client: McpClient) => Promise<void>,
  client = newClient(run),
  options: ConnectOptions = {},
) {
  await connect(client, run, options)
  try {
    await body(client)
  } finally {
    await client.close()
  }
}

/** SEP-1034: fills the defaults of the requested schema the user left out. */
function withDefaults(params: ElicitParams, content: JsonObject): JsonObject {
  const schema = 'requestedSchema' in params ? params.requestedSchema : undefined
  const filled: JsonObject = { ...content }
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    const fallback = (property as { default?: unknown }).default
    if (filled[name] === undefined && fallback !== undefined) filled[name] = fallback as JsonObject[string]
  }
  return filled
}

const handlers: Record<string, Handler> = {
  initialize: (run) => withClient(run, async () => {}),
  tools_call: (run) => withClient(run, (client) => exercise(client, run)),
  'http-standard-headers': (run) => withClient(run, (client) => exercise(client, run)),
  'http-custom-headers': (run) => withClient(run, (client) => exercise(client, run)),
  // The transport drops tools with invalid x-mcp-header annotations from tools/list: only valid ones are called.
  'http-invalid-tool-headers': (run) => withClient(run, (client) => exercise(client, run)),
  'sse-retry': (run) => withClient(run, (client) => exercise(client, run)),
  // The server serves tools/list only; the $ref in a schema must not be fetched.
  'json-schema-ref-no-deref': (run) => withClient(run, async (client) => void (await client.listTools())),
  'request-metadata': (run) =>
    withClient(run, async (client) => {
      await client.discover()
      await client.listTools()
    }),
  'json-schema-2020-12-preservation': (run) =>
    withClient(run, async (client) => {
      const { tools } = await client.listTools()
      const focal = tools.find((t) => t.name === 'json_schema_2020_12_tool')
      if (!focal) throw new Error('json_schema_2020_12_tool is not listed')
      await client.callTool({ name: 'json_schema_echo', arguments: { schema: focal.inputSchema } })
    }),
  'elicitation-sep1034-client-defaults': (run) => {
    const client = newClient(run)
    client.onElicit(async (params) => ({ action: 'accept', content: withDefaults(params, {}) }))
    return withClient(run, (c) => exercise(c, run), client, { standaloneStream: true })
  },
  'sep-2322-client-request-state': (run) => {
    const client = newClient(run)
    // While the first tool waits for our answer, another request goes out: it must not carry that tool's state.
    let unrelatedCalled = false
    client.onElicit(async () => {
      if (!unrelatedCalled) {
        unrelatedCalled = true
        await client.callTool({ name: 'test_mrtr_unrelated', arguments: {} })
      }
      return { action: 'accept', content: { confirmed: true } }
    })
    return withClient(
      run,
      async (c) => {
        for (const name of ['test_mrtr_echo_state', 'test_mrtr_no_state', 'test_mrtr_no_result_type'])
          await c.callTool({ name, arguments: {} })
      },
      client,
    )
  },
}

export function scenarioHandler(scenario: string): Handler {
  const handler = handlers[scenario]
  if (!handler) throw new Error(`This client has no handler for scenario ${scenario}`)
  return handler
}
