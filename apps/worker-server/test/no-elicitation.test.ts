import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { connectClient, textOf } from './client.js'

const URL_ = 'http://notes.test/mcp'
const viaWorker = (input: string | URL | Request, init?: RequestInit) =>
  SELF.fetch(input instanceof Request ? input : String(input), init)

type CallTool = (name: string, args: Record<string, unknown>) => Promise<Record<string, unknown>>

/** Every tool of the sample, called as a client that declares no elicitation would (the refusal included). */
async function runEveryTool(call: CallTool, who: string) {
  const added = await call('add_note', { title: `${who} note`, body: 'b' })
  const { id, uri } = added.structuredContent as { id: number; uri: string }
  expect((await call('search_notes', { query: `${who} note` })).structuredContent).toEqual({
    notes: [{ id, uri, title: `${who} note` }],
  })
  expect(textOf(await call('append_to_note', { id, text: 'more' }))).toBe(`Updated ${uri}`)
  expect(textOf(await call('long_task', { steps: 2, delayMs: 0 }))).toBe('Done: 2 steps')
  expect((await call('calculate', { expression: '2^10' })).structuredContent).toEqual({ value: 1024 })
  const refused = await call('delete_note', { id })
  const kept = await call('search_notes', { query: `${who} note` })
  expect((kept.structuredContent as { notes: unknown[] }).notes).toHaveLength(1)
  expect(textOf(await call('delete_note', { id, confirm: true }))).toBe(`Deleted ${uri}`)
  // The shape a client sees (the era's envelope fields, `_meta` and `resultType`, aside), uri aside.
  const text = textOf(refused)?.replace(uri, 'URI')
  return { refused: { content: [{ type: 'text', text }], isError: refused.isError } }
}

/** The refusal every era gives the same shape: a tool error naming the `confirm` argument. */
const refusal = {
  content: [
    {
      type: 'text',
      text: expect.stringMatching(
        /^Not deleted: this client cannot ask for confirmation\. .*confirm: true.*URI/,
      ),
    },
  ],
  isError: true,
}

describe('a client that declares no elicitation runs every tool, delete_note included', () => {
  it.each(['legacy', 'modern'] as const)('McpClient, %s era', async (era) => {
    const { client } = await connectClient(URL_, era, {}, viaWorker)
    const { refused } = await runEveryTool(
      async (name, args) => (await client.callTool({ name, arguments: args })) as Record<string, unknown>,
      `mcp-${era}`,
    )
    expect(refused).toEqual(refusal)
    await client.close()
  })

  it('the official SDK client (default capabilities)', async () => {
    const client = new Client({ name: 'sdk', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(URL_), { fetch: viaWorker }))
    expect(client.getServerVersion()?.name).toBe('edgemcp-notes')
    const { tools } = await client.listTools()
    for (const tool of tools) expect(tool.description, tool.name).toMatch(/\w/)
    const { refused } = await runEveryTool(
      async (name, args) => (await client.callTool({ name, arguments: args })) as Record<string, unknown>,
      'sdk',
    )
    expect(refused).toEqual(refusal)
    await client.close()
  })
})

describe('resources/read of a note that does not exist', () => {
  it.each([
    ['legacy', -32002],
    ['modern', -32602],
  ] as const)('%s era: resource-not-found (%i) with the uri, no empty contents', async (era, code) => {
    const { client } = await connectClient(URL_, era, {}, viaWorker)
    await expect(client.readResource({ uri: 'note://999999' })).rejects.toMatchObject({
      code,
      data: { uri: 'note://999999' },
    })
    await client.close()
  })
})
