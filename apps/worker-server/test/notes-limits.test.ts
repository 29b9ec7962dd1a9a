import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { MAX_BODY_LENGTH, MAX_TITLE_LENGTH } from '../src/notes-object.js'
import { connectClient, textOf } from './client.js'

// Issue 20: the sample's notes are bounded in size and count, listed without bodies, and one note has one
// URI (no `note://0x1`, `note://1e0`, `note://%31` aliases).

const URL_ = 'http://notes.test/mcp'
const viaWorker = (input: string | URL | Request, init?: RequestInit) =>
  SELF.fetch(input instanceof Request ? input : String(input), init)

describe('the notes store is bounded', () => {
  it('refuses bodies and titles over their limits, and appends past the body limit', async () => {
    const { client } = await connectClient(URL_, 'modern', {}, viaWorker)
    const big = await client.callTool({
      name: 'add_note',
      arguments: { title: 'big', body: 'x'.repeat(MAX_BODY_LENGTH + 1) },
    })
    expect(big.isError).toBe(true)
    const long = await client.callTool({
      name: 'add_note',
      arguments: { title: 't'.repeat(MAX_TITLE_LENGTH + 1), body: '' },
    })
    expect(long.isError).toBe(true)
    const added = await client.callTool({
      name: 'add_note',
      arguments: { title: 'almost full', body: 'y'.repeat(MAX_BODY_LENGTH - 10) },
    })
    const { id } = added.structuredContent as { id: number }
    const more = await client.callTool({ name: 'append_to_note', arguments: { id, text: 'z'.repeat(20) } })
    expect(more.isError).toBe(true)
    expect(textOf(more)).toMatch(/at most/)
    await client.close()
  })

  it('lists notes without their bodies, and a long topic is invalid params, not an internal error', async () => {
    const { client } = await connectClient(URL_, 'legacy', {}, viaWorker)
    const added = await client.callTool({
      name: 'add_note',
      arguments: { title: 'listed', body: 'secret body text' },
    })
    const { uri } = added.structuredContent as { uri: string }
    const listed = await client.listAllResources()
    const entry = listed.find((r) => r.uri === uri)
    expect(entry).toEqual({ uri, name: 'listed', mimeType: 'text/markdown' })
    expect(JSON.stringify(listed)).not.toContain('secret body text')
    await expect(
      client.getPrompt({ name: 'summarize_notes', arguments: { topic: 'q'.repeat(3_000_000) } }),
    ).rejects.toMatchObject({ code: -32602 })
    await client.close()
  })

  it('one note has one URI: 0x1, 1e0, 01 and %31 spellings name no note', async () => {
    const { client } = await connectClient(URL_, 'modern', {}, viaWorker)
    const added = await client.callTool({ name: 'add_note', arguments: { title: 'canonical', body: 'b' } })
    const { id, uri } = added.structuredContent as { id: number; uri: string }
    expect((await client.readResource({ uri })).contents).toHaveLength(1)
    const hex = `0x${id.toString(16)}`
    const percent = [...String(id)].map((d) => `%3${d}`).join('')
    for (const alias of [`note://${hex}`, `note://${id}e0`, `note://0${id}`, `note://${percent}`])
      await expect(client.readResource({ uri: alias }), alias).rejects.toMatchObject({ code: -32602 })
    await client.close()
  })

  it("the calculator resolves only its own functions, not the object's inherited ones", async () => {
    const { client } = await connectClient(URL_, 'modern', {}, viaWorker)
    for (const expression of ['constructor(2)', 'toString(1)', 'hasOwnProperty(1)']) {
      const r = await client.callTool({ name: 'calculate', arguments: { expression } })
      expect(r.isError, expression).toBe(true)
    }
    await client.close()
  })
})
