// Tools declared with Standard Schema libraries (zod, valibot) instead of JSON Schema, driven through the real
// Streamable HTTP transport: a node HTTP server on a free port, McpClient with the fetch-based client transport.
// What is checked: the JSON Schema each library's converter produces is what tools/list advertises, valid input
// reaches the handler as the library's OUTPUT (defaults and transforms applied), invalid input is refused in the
// shape of the revision (a tool error from 2025-11-25 on, SEP-1303; -32602 naming the field before), and an
// output schema check refuses a result that breaks it.
import { McpClient, McpServer, ProtocolError } from '@edgemcp/core'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import * as v from 'valibot'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { StreamableHttpClientTransport } from '../src/client/transport.js'
import { createMcpHandler } from '../src/handler.js'
import { type RunningServer, serve } from '../src/node.js'

let running: RunningServer | undefined
let client: McpClient | undefined
afterEach(async () => {
  await client?.close()
  await running?.close()
  client = undefined
  running = undefined
})

/** The same two tools declared with each library: `greet` (a default and a bound), `bad-output`. */
function makeServer(): McpServer {
  const server = new McpServer({ name: 'standard-schema', version: '1.0.0' })
  server.tool(
    'zod-greet',
    { inputSchema: z.object({ name: z.string().min(2), times: z.number().int().default(1) }) },
    ({ name, times }) => ({ content: [{ type: 'text', text: `${name}×${times}` }] }),
  )
  server.tool(
    'zod-bad-output',
    { outputSchema: z.object({ count: z.number() }) },
    // A handler that breaks its own output schema (a string where a number is due), as a buggy one would.
    () => ({ content: [], structuredContent: { count: 'many' as unknown as number } }),
  )
  server.tool(
    'valibot-greet',
    {
      inputSchema: toStandardJsonSchema(
        v.object({
          name: v.pipe(v.string(), v.minLength(2)),
          times: v.optional(v.pipe(v.number(), v.integer()), 1),
        }),
      ),
    },
    ({ name, times }) => ({ content: [{ type: 'text', text: `${name}×${times}` }] }),
  )
  server.tool(
    'valibot-upper',
    // A transform: the handler sees the library's output, not the wire value.
    {
      inputSchema: v.object({
        word: v.pipe(
          v.string(),
          v.transform((s) => s.toUpperCase()),
        ),
      }),
    },
    ({ word }) => ({ content: [{ type: 'text', text: word }] }),
  )
  server.tool(
    'valibot-bad-output',
    { outputSchema: toStandardJsonSchema(v.object({ count: v.number() })) },
    () => ({ content: [], structuredContent: { count: 'many' as unknown as number } }),
  )
  return server
}

async function connect(protocol: '2026-07-28' | '2025-11-25' | '2025-03-26') {
  running = await serve(createMcpHandler(makeServer()))
  client = new McpClient({ name: 'standard-schema-test', version: '1.0.0' }, { protocol })
  await client.connect(new StreamableHttpClientTransport(`${running.url}/`))
  return client
}

const textOf = (result: { content?: unknown[] | undefined }) =>
  (result.content?.[0] as { text: string } | undefined)?.text

describe.each(['2026-07-28', '2025-11-25'] as const)('Standard Schema tools over HTTP, %s', (protocol) => {
  it('tools/list advertises the JSON Schema each library converts its schema to', async () => {
    const tools = await (await connect(protocol)).listAllTools()
    const byName = new Map(tools.map((t) => [t.name, t]))
    for (const name of ['zod-greet', 'valibot-greet'])
      expect(byName.get(name)?.inputSchema, name).toMatchObject({
        type: 'object',
        properties: { name: { type: 'string', minLength: 2 }, times: { type: 'integer' } },
        required: ['name'],
      })
    expect(byName.get('zod-bad-output')?.outputSchema).toMatchObject({
      type: 'object',
      properties: { count: { type: 'number' } },
    })
    expect(byName.get('valibot-bad-output')?.outputSchema).toMatchObject({
      properties: { count: { type: 'number' } },
    })
    // A Standard Schema without a JSON Schema converter (plain valibot) is advertised as an open object.
    expect(byName.get('valibot-upper')?.inputSchema).toEqual({ type: 'object' })
  })

  it.each(['zod', 'valibot'])('%s: valid input reaches the handler with the default applied', async (lib) => {
    const c = await connect(protocol)
    const result = await c.callTool({ name: `${lib}-greet`, arguments: { name: 'Ada' } })
    expect(result.isError).toBeFalsy()
    expect(textOf(result)).toBe('Ada×1')
    expect(textOf(await c.callTool({ name: `${lib}-greet`, arguments: { name: 'Bo', times: 3 } }))).toBe(
      'Bo×3',
    )
  })

  it('valibot: the handler gets the transformed value', async () => {
    const c = await connect(protocol)
    expect(textOf(await c.callTool({ name: 'valibot-upper', arguments: { word: 'edge' } }))).toBe('EDGE')
  })

  it.each(['zod', 'valibot'])('%s: invalid input is a tool error naming each field', async (lib) => {
    const c = await connect(protocol)
    const result = await c.callTool({ name: `${lib}-greet`, arguments: { name: 'A', times: 1.5 } })
    expect(result.isError).toBe(true)
    const text = textOf(result) ?? ''
    expect(text).toMatch(new RegExp(`^Invalid arguments for tool ${lib}-greet: `))
    expect(text).toContain('arguments.name: ')
    expect(text).toContain('arguments.times: ')
    // A missing required field is refused too, not passed on as undefined.
    const missing = await c.callTool({ name: `${lib}-greet`, arguments: {} })
    expect(missing.isError).toBe(true)
    expect(textOf(missing)).toContain('arguments.name: ')
  })

  it.each(['zod', 'valibot'])('%s: a result that breaks the output schema is refused', async (lib) => {
    const c = await connect(protocol)
    const error = await c.callTool({ name: `${lib}-bad-output` }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProtocolError)
    expect((error as ProtocolError).code).toBe(-32603)
    expect((error as ProtocolError).message).toContain('count')
  })
})

describe('Standard Schema tools over HTTP, 2025-03-26 (before SEP-1303)', () => {
  it.each(['zod', 'valibot'])(
    '%s: invalid input is a -32602 protocol error naming the field',
    async (lib) => {
      const c = await connect('2025-03-26')
      expect(textOf(await c.callTool({ name: `${lib}-greet`, arguments: { name: 'Ada' } }))).toBe('Ada×1')
      const error = await c
        .callTool({ name: `${lib}-greet`, arguments: { name: 7 } })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ProtocolError)
      expect((error as ProtocolError).code).toBe(-32602)
      expect((error as ProtocolError).message).toContain('name: ')
    },
  )
})
