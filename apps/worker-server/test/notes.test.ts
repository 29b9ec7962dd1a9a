import { eventually } from '@edgemcp/test-helpers'
import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { connectClient, textOf } from './client.js'

const URL_ = 'http://notes.test/mcp'
const viaWorker = (input: string | URL | Request, init?: RequestInit) =>
  SELF.fetch(input instanceof Request ? input : String(input), init)
const confirmWith = (confirm: boolean) => ({
  handlers: { elicit: async () => ({ action: 'accept' as const, content: { confirm } }) },
})

describe.each(['legacy', 'modern'] as const)('the notes server, %s era', (era) => {
  it('adds, searches, reads, appends to and deletes notes (with confirmation)', async () => {
    const { client } = await connectClient(URL_, era, confirmWith(true), viaWorker)
    const added = await client.callTool({
      name: 'add_note',
      arguments: { title: `${era} groceries`, body: 'milk' },
    })
    const { id, uri } = added.structuredContent as { id: number; uri: string }
    expect(uri).toBe(`note://${id}`)

    const found = await client.callTool({ name: 'search_notes', arguments: { query: `${era} grocer` } })
    expect(found.structuredContent).toEqual({ notes: [{ id, uri, title: `${era} groceries` }] })
    expect((await client.listAllResources()).map((r) => r.uri)).toContain(uri)

    await client.callTool({ name: 'append_to_note', arguments: { id, text: 'eggs' } })
    const read = await client.readResource({ uri })
    expect(read.contents).toEqual([
      { uri, mimeType: 'text/markdown', text: `# ${era} groceries\n\nmilk\neggs\n` },
    ])

    expect(textOf(await client.callTool({ name: 'delete_note', arguments: { id } }))).toBe(`Deleted ${uri}`)
    await expect(client.readResource({ uri })).rejects.toMatchObject({ data: { uri } })
    await client.close()
  })

  it('keeps a note when the user does not confirm', async () => {
    const { client } = await connectClient(URL_, era, confirmWith(false), viaWorker)
    const added = await client.callTool({ name: 'add_note', arguments: { title: 'keep me', body: '' } })
    const { id } = added.structuredContent as { id: number }
    expect(textOf(await client.callTool({ name: 'delete_note', arguments: { id } }))).toBe(
      `Kept note://${id}`,
    )
    await client.close()
  })

  it('reports progress of the long task and calculates', async () => {
    const { client } = await connectClient(URL_, era, {}, viaWorker)
    const progress: number[] = []
    const done = await client.callTool(
      { name: 'long_task', arguments: { steps: 3, delayMs: 10 } },
      { onprogress: (p) => progress.push(p.progress) },
    )
    expect(textOf(done)).toBe('Done: 3 steps')
    expect(progress).toEqual([1, 2, 3])
    const sum = await client.callTool({ name: 'calculate', arguments: { expression: '(2 + 3) * sqrt(16)' } })
    expect(sum.structuredContent).toEqual({ value: 20 })
    const bad = await client.callTool({ name: 'calculate', arguments: { expression: '1 / 0' } })
    expect(bad.isError).toBe(true)
    await client.close()
  })

  it('offers prompts with completion', async () => {
    const { client } = await connectClient(URL_, era, {}, viaWorker)
    expect((await client.listAllPrompts()).map((p) => p.name)).toEqual(['summarize_notes', 'draft_note'])
    const draft = await client.getPrompt({ name: 'draft_note', arguments: { subject: 'idea' } })
    expect(draft.messages[0]?.content).toMatchObject({ type: 'text', text: expect.stringContaining('idea') })
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'draft_note' },
      argument: { name: 'subject', value: 'j' },
    })
    expect(completion.completion.values).toEqual(['journal'])
    await client.close()
  })
})

describe('notifications', () => {
  it('tells a legacy subscriber and a modern listener when a note changes', async () => {
    const { client: writer } = await connectClient(URL_, 'modern', {}, viaWorker)
    const added = await writer.callTool({ name: 'add_note', arguments: { title: 'watched', body: '' } })
    const { uri, id } = added.structuredContent as { uri: string; id: number }

    const { client: legacy, transport } = await connectClient(URL_, 'legacy', {}, viaWorker)
    const legacyGot: string[] = []
    legacy.onNotification('notifications/resources/updated', (n) => legacyGot.push(String(n.params?.uri)))
    await legacy.subscribeResource({ uri })
    await transport.openStandaloneStream()

    const { client: modern } = await connectClient(URL_, 'modern', {}, viaWorker)
    const modernGot: string[] = []
    const listen = modern.listen({ resourceSubscriptions: [uri], resourcesListChanged: true }, (n) =>
      modernGot.push(n.method),
    )
    await listen.acknowledged

    // The legacy session's registration with the hub happens after its GET; retry the change until heard.
    await eventually(
      async () => {
        await writer.callTool({ name: 'append_to_note', arguments: { id, text: 'more' } })
        expect(legacyGot[0]).toBe(uri)
      },
      { interval: 50 },
    )
    await eventually(() => expect(modernGot).toContain('notifications/resources/updated'))
    await writer.callTool({ name: 'add_note', arguments: { title: 'another', body: '' } })
    await eventually(() => expect(modernGot).toContain('notifications/resources/list_changed'))
    await listen.close()
    await Promise.all([writer.close(), legacy.close(), modern.close()])
  })
})
