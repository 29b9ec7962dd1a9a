import { McpClient, type McpClientOptions, RequestTimeoutError } from '@edgemcp/core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { StreamableHttpClientTransport } from '../../src/index.js'
import {
  DISCOVER_RESULT,
  INITIALIZE_RESULT,
  type Json,
  type SeenRequest,
  scriptedServer,
  sendResult,
} from './scripted-server.js'

async function connect(url: string, options: McpClientOptions = {}) {
  const client = new McpClient({ name: 'handshake', version: '1.0.0' }, options)
  onTestFinished(() => client.close())
  await client.connect(new StreamableHttpClientTransport(url))
  return client
}

/** A legacy server: initialize opens a session; `discover` answers server/discover (a legacy quirk). */
const legacyServer = (discover: (req: SeenRequest) => Json) =>
  scriptedServer((req, res) => {
    if (req.method === 'GET') return void res.writeHead(405).end()
    const method = req.body?.method
    if (method === 'initialize') return sendResult(res, req, INITIALIZE_RESULT, { 'Mcp-Session-Id': 's1' })
    if (method === 'server/discover') return sendResult(res, req, discover(req))
    res.writeHead(202).end()
  })

const unsupported = (req: SeenRequest, supported: string[]) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: req.body?.id ?? null,
    error: { code: -32022, message: 'Unsupported protocol version', data: { supported, requested: 'x' } },
  })

describe('protocol auto believes server/discover only when it answers a DiscoverResult', () => {
  it.each([
    ['{}', {}],
    ['a result without resultType and capabilities', { supportedVersions: ['2026-07-28'] }],
    ['an empty supportedVersions', { ...DISCOVER_RESULT, supportedVersions: [] }],
    ['a wrong cacheScope', { ...DISCOVER_RESULT, cacheScope: 'everyone' }],
  ])('a legacy server answering %s gets initialize', async (_label, answer) => {
    const s = await legacyServer(() => answer)
    const client = await connect(s.url)
    expect(client.era).toBe('legacy')
    expect(client.protocolVersion).toBe('2025-11-25')
    expect(client.serverInfo?.name).toBe('scripted')
    expect(s.methods()).toEqual(['server/discover', 'initialize', 'notifications/initialized'])
  })

  it('a valid DiscoverResult is a modern server; no initialize', async () => {
    const s = await legacyServer(() => ({ ...DISCOVER_RESULT, instructions: 'hi' }))
    const client = await connect(s.url)
    expect([client.era, client.protocolVersion, client.instructions]).toEqual(['modern', '2026-07-28', 'hi'])
    expect(s.methods()).toEqual(['server/discover'])
  })

  it('protocol modern: a non-DiscoverResult is a clear error, and no initialize is sent', async () => {
    const s = await legacyServer(() => ({}))
    await expect(connect(s.url, { protocol: 'modern' })).rejects.toThrow(
      /does not speak modern MCP \(2026-07-28\): server\/discover failed: its answer is not a DiscoverResult \(supportedVersions is not a non-empty list of strings; capabilities is not an object; resultType is not "complete"\)/,
    )
    expect(s.methods()).toEqual(['server/discover'])
  })
})

describe('-32022 UnsupportedProtocolVersion: one retry with a mutually supported version', () => {
  it('retries once when the list names a version we support, even the one just sent (SEP-2575)', async () => {
    let refused = false
    const s = await scriptedServer((req, res) => {
      if (!refused) {
        refused = true
        res.writeHead(400, { 'Content-Type': 'application/json' }).end(unsupported(req, ['2026-07-28']))
        return
      }
      sendResult(res, req, DISCOVER_RESULT)
    })
    const client = await connect(s.url)
    expect([client.era, client.protocolVersion]).toEqual(['modern', '2026-07-28'])
    expect(s.methods()).toEqual(['server/discover', 'server/discover'])
    const retry = s.seen[1]
    expect(retry?.headers['mcp-protocol-version']).toBe('2026-07-28')
    expect(retry?.body?.params?._meta?.['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28')
  })

  it('a second refusal fails with a message that does not contradict itself', async () => {
    const s = await scriptedServer((req, res) => {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(unsupported(req, ['2026-07-28']))
    })
    const error = (await connect(s.url).catch((e: unknown) => e)) as Error
    expect(error.message).toBe(
      'The server refused protocol version 2026-07-28 again after a retry, although it lists 2026-07-28 as supported; giving up',
    )
    expect(s.methods()).toEqual(['server/discover', 'server/discover'])
  })

  it('nothing in common: no retry, no initialize, and the message lists both sides', async () => {
    const s = await scriptedServer((req, res) => {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(unsupported(req, ['2030-01-01']))
    })
    await expect(connect(s.url)).rejects.toThrow(
      'No mutually supported protocol version: the server supports 2030-01-01; this client supports 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05',
    )
    expect(s.methods()).toEqual(['server/discover'])
  })
})

describe('timeouts are the ones the user set', () => {
  it('the auto probe waits requestTimeoutMs, not 10 s, and stops reading the probe it gave up', async () => {
    const log: string[] = []
    const s = await scriptedServer(
      (req, res) =>
        new Promise<void>(() => {
          // Never answers; notes when the client hangs up on a request.
          log.push(`received ${String(req.body?.method)}`)
          res.on('close', () => log.push(`closed ${String(req.body?.method)}`))
        }),
    )
    const error = await connect(s.url, { requestTimeoutMs: 300 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RequestTimeoutError)
    expect((error as Error).message).toBe('Request initialize (id 2) timed out after 300 ms')
    // The probe was abandoned (its HTTP request closed) before initialize was sent.
    await expect
      .poll(() => log)
      .toEqual([
        'received server/discover',
        'closed server/discover',
        'received initialize',
        'closed initialize',
      ])
  })
})
