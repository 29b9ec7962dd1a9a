import { describe, expect, it } from 'vitest'
import { createMcpHandler } from '../src/handler.js'
import { appClient } from './app-client.js'
import { expectSpec, MODERN, makeServer, modernMeta, sseEvents, strip } from './helpers.js'

const setup = () => appClient(createMcpHandler(makeServer()))

async function expectMismatch(res: Response, id: number | string) {
  expect(res.status).toBe(400)
  const body = await res.json()
  expect(body).toMatchObject({ id, error: { code: -32020 } })
  expectSpec(MODERN, 'JSONRPCErrorResponse', body)
  expectSpec(MODERN, 'HeaderMismatchError', body)
}

describe('2026-07-28 requests', () => {
  it('tools/call with mirrored headers answers JSON, statelessly (session ids ignored, none minted)', async () => {
    const client = setup()
    const res = await client.modern(
      'tools/call',
      { name: 'add', arguments: { a: 4, b: 5 } },
      { 'Mcp-Session-Id': 'x' },
      1,
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('mcp-session-id')).toBeNull()
    const body = await res.json()
    expect(body).toMatchObject({ id: 1, result: { resultType: 'complete', content: [{ text: '9' }] } })
    expectSpec(MODERN, 'JSONRPCResultResponse', body)
    expectSpec(MODERN, 'CallToolResult', body.result)
  })

  it('accepts header names in any case and whitespace around values; decodes a Base64 Mcp-Name', async () => {
    const client = setup()
    const body = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'add', arguments: { a: 1, b: 2 }, _meta: modernMeta() },
    })
    const lower = await client.post(body(1), {
      'mcp-protocol-version': MODERN,
      'MCP-METHOD': 'tools/call',
      'mcp-name': '  add  ',
    })
    expect(lower.status).toBe(200)
    const b64 = await client.post(body(2), {
      'MCP-Protocol-Version': MODERN,
      'Mcp-Method': 'tools/call',
      'Mcp-Name': `=?base64?${btoa('add')}?=`,
    })
    expect(b64.status).toBe(200)
  })

  it.each([
    ['a wrong Mcp-Name', { 'Mcp-Name': 'other' }],
    ['a wrong Mcp-Method', { 'Mcp-Method': 'tools/list' }],
    ['a differently cased Mcp-Method value', { 'Mcp-Method': 'TOOLS/CALL' }],
    ['a wrong MCP-Protocol-Version', { 'MCP-Protocol-Version': '2025-11-25' }],
  ])('rejects %s with 400 HeaderMismatch', async (_label, headers) => {
    const client = setup()
    await expectMismatch(
      await client.modern('tools/call', { name: 'add', arguments: { a: 1, b: 1 } }, headers, 41),
      41,
    )
  })

  it.each(['MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name'])(
    'rejects a missing %s header',
    async (header) => {
      const client = setup()
      const headers: Record<string, string> = {
        'MCP-Protocol-Version': MODERN,
        'Mcp-Method': 'tools/call',
        'Mcp-Name': 'add',
      }
      delete headers[header]
      const res = await client.post(
        {
          jsonrpc: '2.0',
          id: 'm',
          method: 'tools/call',
          params: { name: 'add', arguments: { a: 1, b: 1 }, _meta: modernMeta() },
        },
        headers,
      )
      await expectMismatch(res, 'm')
    },
  )

  describe('x-mcp-header parameters', () => {
    const call = (args: Record<string, unknown>, headers: Record<string, string>, id = 5) =>
      setup().modern('tools/call', { name: 'query', arguments: args }, headers, id)

    it('accepts matching plain, Base64 and numerically equal values, and absent ones', async () => {
      expect((await call({ sql: 's', region: 'us-west1' }, { 'Mcp-Param-Region': 'us-west1' })).status).toBe(
        200,
      )
      expect(
        (
          await call(
            { sql: 's', region: 'Hello, 世界' },
            { 'Mcp-Param-Region': '=?base64?SGVsbG8sIOS4lueVjA==?=' },
          )
        ).status,
      ).toBe(200)
      expect(
        (
          await call(
            { sql: 's', region: 'r', limit: 10 },
            { 'Mcp-Param-Region': 'r', 'mcp-param-limit': '10.0' },
          )
        ).status,
      ).toBe(200)
      expect((await call({ sql: 's', region: null }, {})).status).toBe(200)
    })

    it.each([
      ['the header is missing', { sql: 's', region: 'eu' }, {}],
      ['the value differs', { sql: 's', region: 'eu' }, { 'Mcp-Param-Region': 'us' }],
      [
        'the Base64 is malformed',
        { sql: 's', region: 'Hello' },
        { 'Mcp-Param-Region': '=?base64?SGVsbG8?=' },
      ],
      ['the integer differs', { sql: 's', limit: 3 }, { 'Mcp-Param-Limit': '4' }],
      ['a header comes without a body value', { sql: 's' }, { 'Mcp-Param-Region': 'eu' }],
    ])('rejects when %s', async (_label, args, headers) => {
      await expectMismatch(await call(args, headers, 77), 77)
    })
  })

  it('a modern header with a request lacking _meta protocolVersion → 400 -32602', async () => {
    const client = setup()
    const res = await client.post(
      { jsonrpc: '2.0', id: 101, method: 'server/discover', params: {} },
      { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'server/discover' },
    )
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ id: 101, error: { code: -32602 } })
  })

  it('an unsupported version → 400 UnsupportedProtocolVersionError listing what is supported', async () => {
    const client = setup()
    const res = await client.post(
      {
        jsonrpc: '2.0',
        id: 301,
        method: 'server/discover',
        params: { _meta: modernMeta({ 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' }) },
      },
      { 'MCP-Protocol-Version': 'v999.0.0', 'Mcp-Method': 'server/discover' },
    )
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body).toMatchObject({ id: 301, error: { code: -32022, data: { requested: 'v999.0.0' } } })
    expect(body.error.data.supported).toContain(MODERN)
    expectSpec(MODERN, 'UnsupportedProtocolVersionError', body)
  })

  it('an unknown method → 404 with -32601', async () => {
    const res = await setup().modern('initialize', {}, {}, 5)
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ id: 5, error: { code: -32601 } })
  })

  it('GET and DELETE without a legacy session → 405; a session id from a modern client is ignored', async () => {
    const client = setup()
    expect((await client.get()).status).toBe(405)
    expect((await client.del()).status).toBe(405)
    const legacy = await client.initialize('2025-11-25')
    const res = await client.get({ 'Mcp-Session-Id': legacy.sessionId, 'MCP-Protocol-Version': MODERN })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toContain('POST')
  })

  it('a JSON-RPC response POSTed by a modern client → 400', async () => {
    const client = setup()
    const res = await client.post({ jsonrpc: '2.0', id: 1, result: {} }, { 'MCP-Protocol-Version': MODERN })
    expect(res.status).toBe(400)
  })

  it('subscriptions/listen streams the acknowledgement, then list changes, until the client leaves', async () => {
    const server = makeServer()
    const client = appClient(createMcpHandler(server, { jsonResponse: true }))
    const res = await client.modern(
      'subscriptions/listen',
      { notifications: { toolsListChanged: true } },
      {},
      'sub',
    )
    expect(res.headers.get('content-type')).toBe('text/event-stream')
    const sse = sseEvents(res)
    const ack = strip((await sse.message()) as Record<string, unknown>)
    expect(ack).toMatchObject({ method: 'notifications/subscriptions/acknowledged' })
    expectSpec(MODERN, 'JSONRPCNotification', ack)
    server.tool('added', {}, () => ({ content: [] }))
    const changed = strip((await sse.message()) as Record<string, unknown>)
    expect(changed).toMatchObject({
      method: 'notifications/tools/list_changed',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'sub' } },
    })
    expectSpec(MODERN, 'ServerNotification', changed)
    await sse.cancel()
  })
})
