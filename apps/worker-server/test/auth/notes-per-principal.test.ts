import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { MAX_NOTES } from '../../src/notes-object.js'
import { connectClient, textOf } from '../client.js'
import { tokenFor } from './tokens.js'

// Issue 20: with OAuth on, each principal has notes of its own; Bob cannot read, search, append to or
// delete Alice's notes, nor see them listed.

const URL_ = 'http://notes.test/mcp'
const fetchAs = (token: string) => (input: string | URL | Request, init?: RequestInit) => {
  const request = new Request(input instanceof Request ? input : String(input), init)
  const headers = new Headers(request.headers)
  headers.set('authorization', `Bearer ${token}`)
  return SELF.fetch(new Request(request, { headers }))
}
const confirm = {
  handlers: { elicit: async () => ({ action: 'accept' as const, content: { confirm: true } }) },
}

describe.each(['legacy', 'modern'] as const)('notes per principal, %s era', (era) => {
  it("Bob sees none of Alice's notes and cannot change them", async () => {
    const alice = (await connectClient(URL_, era, confirm, fetchAs(await tokenFor(`alice-${era}`)))).client
    const bob = (await connectClient(URL_, era, confirm, fetchAs(await tokenFor(`bob-${era}`, 'RS256'))))
      .client
    const added = await alice.callTool({
      name: 'add_note',
      arguments: { title: `diary ${era}`, body: 'private' },
    })
    const { id, uri } = added.structuredContent as { id: number; uri: string }

    await expect(bob.readResource({ uri })).rejects.toMatchObject({ data: { uri } })
    expect((await bob.listAllResources()).map((r) => r.uri)).not.toContain(uri)
    const found = await bob.callTool({ name: 'search_notes', arguments: { query: 'diary' } })
    expect(found.structuredContent).toEqual({ notes: [] })
    expect(
      (await bob.callTool({ name: 'append_to_note', arguments: { id, text: 'bob was here' } })).isError,
    ).toBe(true)
    expect(textOf(await bob.callTool({ name: 'delete_note', arguments: { id } }))).toBe(`No note ${uri}`)
    const summary = await bob.getPrompt({ name: 'summarize_notes', arguments: {} })
    expect(JSON.stringify(summary)).not.toContain('private')

    const mine = await alice.readResource({ uri })
    expect(mine.contents).toEqual([{ uri, mimeType: 'text/markdown', text: `# diary ${era}\n\nprivate\n` }])
    await alice.close()
    await bob.close()
  })
})

describe('the count of notes is bounded per principal', () => {
  it(`the ${MAX_NOTES + 1}th note is refused; other principals are not affected`, async () => {
    const carol = (await connectClient(URL_, 'modern', {}, fetchAs(await tokenFor('carol')))).client
    for (let i = 0; i < MAX_NOTES; i++) {
      const r = await carol.callTool({ name: 'add_note', arguments: { title: `n${i}`, body: '' } })
      expect(r.isError, `note ${i}`).toBeFalsy()
    }
    const over = await carol.callTool({ name: 'add_note', arguments: { title: 'one too many', body: '' } })
    expect(over.isError).toBe(true)
    expect(textOf(over)).toMatch(/at most 100 notes/)
    const dave = (await connectClient(URL_, 'modern', {}, fetchAs(await tokenFor('dave')))).client
    expect(
      (await dave.callTool({ name: 'add_note', arguments: { title: 'mine', body: '' } })).isError,
    ).toBeFalsy()
    await carol.close()
    await dave.close()
  }, 120_000) // a hang guard: 100 tool calls on a loaded machine
})
