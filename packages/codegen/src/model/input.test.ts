import { describe, expect, it } from 'vitest'
import { InputError, parseListing } from './input.js'

const tool = { name: 'a', inputSchema: { type: 'object' } }

describe('parseListing', () => {
  it.each([
    { given: { tools: [tool] }, what: 'a bare result' },
    { given: { jsonrpc: '2.0', id: 1, result: { tools: [tool] } }, what: 'a JSON-RPC response' },
    { given: [tool], what: 'an array of tools' },
  ])('reads $what', ({ given }) => {
    expect(parseListing(given).tools).toEqual([tool])
  })

  it('merges an array of page responses', () => {
    const pages = [
      { jsonrpc: '2.0', id: 1, result: { tools: [tool], nextCursor: 'x' } },
      { jsonrpc: '2.0', id: 2, result: { tools: [{ name: 'b' }] } },
    ]
    expect(parseListing(pages).tools.map((t) => t.name)).toEqual(['a', 'b'])
  })

  it('keeps prompts and resource templates', () => {
    const listing = parseListing({
      tools: [],
      prompts: [{ name: 'p', arguments: [{ name: 'x', required: true }] }],
      resourceTemplates: [{ name: 'r', uriTemplate: 'r://{id}' }],
    })
    expect(listing.prompts).toEqual([{ name: 'p', arguments: [{ name: 'x', required: true }] }])
    expect(listing.resourceTemplates).toEqual([{ name: 'r', uriTemplate: 'r://{id}' }])
  })

  it.each([
    {
      given: { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'nope' } },
      want: /error -32601: nope/,
    },
    { given: { tools: {} }, want: /tools must be an array/ },
    { given: { tools: [{ title: 'x' }] }, want: /tools\[0\]\.name must be a non-empty string/ },
    { given: { tools: [{ name: 'a', inputSchema: 'x' }] }, want: /inputSchema must be an object/ },
    { given: { tools: [tool, tool] }, want: /appears twice/ },
    { given: 42, want: /must be an object/ },
    { given: { resourceTemplates: [{ name: 'r' }], tools: [] }, want: /uriTemplate must be a string/ },
  ])('rejects $want', ({ given, want }) => {
    expect(() => parseListing(given)).toThrow(InputError)
    expect(() => parseListing(given)).toThrow(want)
  })
})
