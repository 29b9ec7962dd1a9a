import { McpHttpError } from '@edgemcp/core'
import { describe, expect, it } from 'vitest'
import { StreamableHttpClientTransport } from '../../src/index.js'
import { scriptedServer } from './scripted-server.js'

// An answer to a server's request, as McpClient POSTs it (legacy session, no method).
const ANSWER = { jsonrpc: '2.0' as const, id: 'srv-1', result: { action: 'accept', content: {} } }

describe('a 503 to a POSTed answer (a fleet instance that cannot hear it yet)', () => {
  it('sends the answer again after Retry-After, until the server takes it', async () => {
    let refusals = 2
    const s = await scriptedServer((_req, res) => {
      if (refusals-- > 0) res.writeHead(503, { 'Retry-After': '0' }).end('not listening yet')
      else res.writeHead(202).end()
    })
    const transport = new StreamableHttpClientTransport(s.url, { sessionId: 'sess-1' })
    await transport.send(ANSWER)
    expect(s.seen.map((r) => r.body)).toEqual([ANSWER, ANSWER, ANSWER])
    await transport.close()
  })

  it('gives up after maxReconnectAttempts retries, with the 503', async () => {
    const s = await scriptedServer((_req, res) => {
      res.writeHead(503, { 'Retry-After': '0' }).end()
    })
    const transport = new StreamableHttpClientTransport(s.url, {
      sessionId: 'sess-1',
      maxReconnectAttempts: 2,
    })
    const error = await transport.send(ANSWER).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpHttpError)
    expect((error as McpHttpError).status).toBe(503)
    expect(s.seen).toHaveLength(3) // the first POST and two more
    await transport.close()
  })

  it('never sends a request twice: a 503 does not say whether it ran', async () => {
    const s = await scriptedServer((_req, res) => {
      res.writeHead(503, { 'Retry-After': '0' }).end()
    })
    const transport = new StreamableHttpClientTransport(s.url, { sessionId: 'sess-1' })
    const error = await transport
      .send({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x' } })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpHttpError)
    expect(s.seen).toHaveLength(1)
    await transport.close()
  })
})
