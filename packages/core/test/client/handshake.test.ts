import { describe, expect, it } from 'vitest'
import { McpLocalError } from '../../src/errors/local-error.js'
import { ProtocolError } from '../../src/errors/protocol-error.js'
import type { ClientTransport } from '../../src/client/types.js'
import { addTool } from '../helpers/add-tool.js'
import { connect, expectValidTranscript, LEGACY, legacyOnly, makeServer, MODERN, text } from './helpers.js'

const server = () => addTool(makeServer({ instructions: 'Use add to add.' }, { title: 'Test Server' }))

const sentMethods = (sent: unknown[]) => sent.map((m) => (m as { method?: string }).method).filter(Boolean)

describe('legacy handshake', () => {
  for (const version of LEGACY) {
    it(`initialize → initialized on ${version}, then tools/call`, async () => {
      const c = await connect(server(), { protocol: version })
      expect(c.client.era).toBe('legacy')
      expect(c.client.protocolVersion).toBe(version)
      expect(c.client.serverInfo?.name).toBe('test-server')
      expect(c.client.serverInfo?.title).toBe(version >= '2025-06-18' ? 'Test Server' : undefined)
      expect(c.client.instructions).toBe('Use add to add.')
      expect(c.client.serverCapabilities?.tools).toEqual({ listChanged: true })
      expect(sentMethods(c.clientEnd.sent).slice(0, 2)).toEqual(['initialize', 'notifications/initialized'])
      const init = c.clientEnd.sent[0] as { params: { clientInfo: Record<string, unknown> } }
      expect('title' in init.params.clientInfo).toBe(version >= '2025-06-18')
      expect(c.serverEnd.sent[0]).toMatchObject({ result: { protocolVersion: version } })
      const r = await c.client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })
      expect(text(r)).toBe('5')
      expect(await c.client.ping()).toEqual({})
      expectValidTranscript(version, c)
      await c.close()
    })
  }

  it('tells the transport the negotiated version', async () => {
    const seen: string[] = []
    await connect(
      server(),
      { protocol: '2025-06-18' },
      {
        client: (t) =>
          Object.assign(t, { setProtocolVersion: (v: string) => seen.push(v) }) as ClientTransport,
      },
    )
    expect(seen).toEqual(['2025-06-18'])
  })
})

describe('modern era', () => {
  it('discovers, then sends _meta on every request', async () => {
    const c = await connect(server(), { protocol: 'modern', logLevel: 'warning' })
    expect(c.client.era).toBe('modern')
    expect(c.client.protocolVersion).toBe(MODERN)
    expect(c.client.supportedVersions).toContain(MODERN)
    expect(c.client.serverInfo).toEqual({ name: 'test-server', version: '1.0.0', title: 'Test Server' })
    expect(c.client.instructions).toBe('Use add to add.')
    const r = await c.client.callTool({ name: 'add', arguments: { a: 1, b: 1 } })
    expect(r.resultType).toBe('complete')
    expect(text(r)).toBe('2')
    expect(sentMethods(c.clientEnd.sent)).toEqual(['server/discover', 'tools/call'])
    for (const m of c.clientEnd.sent as Array<{ params: { _meta: Record<string, unknown> } }>)
      expect(m.params._meta).toMatchObject({
        'io.modelcontextprotocol/protocolVersion': MODERN,
        'io.modelcontextprotocol/clientInfo': { name: 'test-client', version: '0.1.0', title: 'Test client' },
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/logLevel': 'warning',
      })
    await expect(c.client.ping()).rejects.toThrow(/does not exist/)
    expectValidTranscript(MODERN, c)
    await c.close()
  })

  it('can skip discover: no handshake at all', async () => {
    const c = await connect(server(), { protocol: MODERN, discover: false })
    expect(c.client.era).toBe('modern')
    expect(c.clientEnd.sent).toEqual([])
    expect(text(await c.client.callTool({ name: 'add', arguments: { a: 1, b: 2 } }))).toBe('3')
    await c.close()
  })

  it('pinned modern against a legacy server fails clearly and sends no initialize', async () => {
    const s = server()
    const p = connect(
      s,
      { protocol: 'modern' },
      {
        server: (t) => legacyOnly(t, () => ({ error: { code: -32601, message: 'Method not found' } })),
      },
    )
    await expect(p).rejects.toThrow(/does not speak modern MCP.*-32601/)
  })
})

describe('auto era detection', () => {
  it('a dual-era server is spoken to in the modern era', async () => {
    const c = await connect(server())
    expect(c.client.era).toBe('modern')
    expect(sentMethods(c.clientEnd.sent)).toEqual(['server/discover'])
    await c.close()
  })

  const legacyReplies: Array<[string, ((m: Record<string, any>) => Record<string, any>) | undefined]> = [
    ['-32601 Method not found', () => ({ error: { code: -32601, message: 'Method not found' } })],
    [
      '-32600 without a modern body (HTTP 400 style)',
      () => ({ error: { code: -32600, message: 'Bad Request' } }),
    ],
    ['-32022 without a supported list', () => ({ error: { code: -32022, message: 'nope' } })],
    ['-32600 with a null id', () => ({ id: null, error: { code: -32600, message: 'Invalid Request' } })],
    ['silence (probe timeout)', undefined],
  ]
  for (const [name, reply] of legacyReplies) {
    it(`falls back to initialize on ${name}`, async () => {
      // Only silence may rely on the probe timeout: every answer must be recognized at once.
      const probeTimeoutMs = reply ? 60_000 : 50
      const c = await connect(server(), { probeTimeoutMs }, { server: (t) => legacyOnly(t, reply) })
      expect(c.client.era).toBe('legacy')
      expect(c.client.protocolVersion).toBe('2025-11-25')
      expect(sentMethods(c.clientEnd.sent)).toEqual([
        'server/discover',
        'initialize',
        'notifications/initialized',
      ])
      expect(text(await c.client.callTool({ name: 'add', arguments: { a: 4, b: 4 } }))).toBe('8')
      expectValidTranscript('2025-11-25', c, (m) => m.id === null) // a null id is the fake's own fault
      await c.close()
    })
  }

  it('falls back when the transport rejects the probe (HTTP 400 with an empty body)', async () => {
    const c = await connect(
      server(),
      {},
      {
        client: (t) => {
          const send = t.send.bind(t)
          t.send = async (m) => {
            const meta =
              !Array.isArray(m) && 'params' in m ? (m.params?._meta as object | undefined) : undefined
            if (meta && 'io.modelcontextprotocol/protocolVersion' in meta)
              throw new McpLocalError('transport', 'HTTP 400 Bad Request (empty body)')
            return send(m)
          }
          return t
        },
      },
    )
    expect(c.client.era).toBe('legacy')
    await c.close()
  })

  it('UnsupportedProtocolVersion listing legacy versions → initialize with the newest mutual one', async () => {
    const reply = () => ({
      error: {
        code: -32022,
        message: 'Unsupported protocol version',
        data: { supported: ['2025-06-18', '2024-11-05'] },
      },
    })
    const c = await connect(server(), {}, { server: (t) => legacyOnly(t, reply) })
    expect(c.client.era).toBe('legacy')
    expect(c.client.protocolVersion).toBe('2025-06-18')
    await c.close()
  })

  it('UnsupportedProtocolVersion with nothing in common fails and does not fall back', async () => {
    const reply = () => ({
      error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2099-01-01'] } },
    })
    const s = server()
    let serverEnd: { sent: unknown[] } | undefined
    const p = connect(
      s,
      {},
      {
        server: (t) => {
          serverEnd = t
          return legacyOnly(t, reply)
        },
      },
    )
    await expect(p).rejects.toThrow(/No mutually supported protocol version.*2099-01-01/)
    expect(serverEnd?.sent).toHaveLength(1)
  })

  it('another recognized modern error is surfaced, not a fallback', async () => {
    const reply = () => ({ error: { code: -32020, message: 'Header mismatch' } })
    const p = connect(server(), {}, { server: (t) => legacyOnly(t, reply) })
    await expect(p).rejects.toBeInstanceOf(ProtocolError)
  })
})
