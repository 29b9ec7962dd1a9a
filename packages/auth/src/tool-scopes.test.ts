import { McpServer } from '@edgemcp/core'
import { createMcpFetchHandler } from '@edgemcp/streamable-http'
import { MODERN, modernMeta } from '@edgemcp/test-helpers'
import { describe, expect, it } from 'vitest'
import { toolScopes } from './tool-scopes.js'

const METADATA = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp'

const scopes = toolScopes({
  tools: { add_note: ['notes:read', 'notes:write'], delete_note: ['notes:read', 'notes:write'] },
  otherTools: ['notes:read'],
  resourceMetadataUrl: METADATA,
})

const call = (name: string, id = 1) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name } })
const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request('https://mcp.example.com/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

describe('toolScopes', () => {
  it('names what a tool needs and the grant lacks', () => {
    expect(scopes.missing('add_note', ['notes:read'])).toEqual(['notes:write'])
    expect(scopes.missing('add_note', ['notes:read', 'notes:write'])).toEqual([])
    expect(scopes.missing('search_notes', ['notes:read'])).toEqual([])
    expect(scopes.missing('search_notes', [])).toEqual(['notes:read'])
    // A tool named like an Object.prototype member is an "other" tool, not a lookup of the prototype.
    expect(scopes.missing('constructor', ['notes:read'])).toEqual([])
  })

  it('refuses a call the token may not make with 403 insufficient_scope and the challenge', async () => {
    const res = await scopes.check(post(call('add_note')), { scopes: ['notes:read', 'offline_access'] })
    expect(res?.status).toBe(403)
    const challenge = res?.headers.get('www-authenticate') ?? ''
    expect(challenge).toMatch(/^Bearer /)
    expect(challenge).toContain('error="insufficient_scope"')
    // Every scope the call needs, so that the client asks for them all at once.
    expect(challenge).toContain('scope="notes:read notes:write"')
    expect(challenge).toContain(`resource_metadata="${METADATA}"`)
    expect(await res?.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { data: { error: 'insufficient_scope', scope: 'notes:write' } },
    })
  })

  it('lets through what the token may do, and what is not a tool call', async () => {
    const reader = { scopes: ['notes:read'] }
    expect(await scopes.check(post(call('search_notes')), reader)).toBeUndefined()
    expect(
      await scopes.check(post(call('add_note')), { scopes: ['notes:read', 'notes:write'] }),
    ).toBeUndefined()
    expect(await scopes.check(post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), reader)).toBeUndefined()
    expect(await scopes.check(post('not json'), reader)).toBeUndefined()
    expect(await scopes.check(new Request('https://mcp.example.com/mcp'), { scopes: [] })).toBeUndefined()
  })

  it('finds the call in a batch, and without a name it needs what other tools need', async () => {
    const batch = [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      call('search_notes'),
      call('delete_note', 2),
    ]
    expect((await scopes.check(post(batch), { scopes: ['notes:read'] }))?.status).toBe(403)
    const nameless = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 7 } }
    expect((await scopes.check(post(nameless), { scopes: [] }))?.status).toBe(403)
  })

  it('refuses a body too large to inspect (413), by its length or by counting', async () => {
    const small = toolScopes({ tools: {}, maxBodyBytes: 64 })
    const big = JSON.stringify({ ...call('x'), pad: 'x'.repeat(100) })
    expect((await small.check(post(big), { scopes: [] }))?.status).toBe(413)
    const stream = new Request('https://mcp.example.com/mcp', {
      method: 'POST',
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit)
    expect(stream.headers.get('content-length')).toBeNull()
    expect((await small.check(stream, { scopes: [] }))?.status).toBe(413)
  })

  it('leaves the body for the transport, which runs the call it let through', async () => {
    const server = new McpServer({ name: 'notes', version: '1.0.0' })
    server.tool('search_notes', {}, () => ({ content: [{ type: 'text', text: 'found' }] }))
    const mcp = createMcpFetchHandler(server)
    const request = post(
      { ...call('search_notes'), params: { name: 'search_notes', arguments: {}, _meta: modernMeta() } },
      {
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': MODERN,
        'mcp-method': 'tools/call',
        'mcp-name': 'search_notes',
      },
    )
    expect(await scopes.check(request, { scopes: ['notes:read'] })).toBeUndefined()
    const res = await mcp(request)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('found')
  })

  it('refuses an invalid scope when built', () => {
    expect(() => toolScopes({ tools: { a: ['bad scope'] } })).toThrow(/invalid scope/)
    expect(() => toolScopes({ tools: {}, otherTools: ['"'] })).toThrow(/invalid scope/)
  })
})
