import { createServer, type ServerResponse } from 'node:http'
import { ConnectionClosedError, McpHttpError } from '@edgemcp/core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { SseClientTransport } from '../src/index.js'
import { listenForTest } from '@edgemcp/test-helpers/node'

const CALL = { jsonrpc: '2.0' as const, id: 7, method: 'tools/call', params: { name: 'add' } }

/**
 * A real HTTP server of the legacy transport whose POST answers the test writes: GET opens a stream announcing
 * `/messages?sessionId=s1`; each POST's body is recorded and answered by `answer(n)` (n counts from 1).
 */
async function legacyServer(answer: (n: number, res: ServerResponse) => void) {
  const posted: unknown[] = []
  const server = createServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' })
      res.write('event: endpoint\ndata: /messages?sessionId=s1\n\n')
      return
    }
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      posted.push(JSON.parse(Buffer.concat(chunks).toString('utf8')))
      answer(posted.length, res)
    })
  })
  const transport = new SseClientTransport(`${await listenForTest(server)}/sse`)
  onTestFinished(() => transport.close())
  await transport.start()
  return { transport, posted }
}

const unavailable = (res: ServerResponse, retryAfter: string) =>
  res.writeHead(503, { 'Retry-After': retryAfter }).end('not listening yet')

describe('SseClientTransport: a POST refused with 503 (a fleet instance that cannot hear it yet)', () => {
  it('sends the message again after Retry-After until the server takes it, requests included', async () => {
    // On this transport a POST only hands the message over (202): a 503 says it was not taken.
    const { transport, posted } = await legacyServer((n, res) =>
      n <= 2 ? unavailable(res, '0') : res.writeHead(202).end('Accepted'),
    )
    await transport.send(CALL)
    expect(posted).toEqual([CALL, CALL, CALL])
  })

  it('gives up after 3 resends, with the 503', async () => {
    const { transport, posted } = await legacyServer((_n, res) => unavailable(res, '0'))
    const error = await transport.send(CALL).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpHttpError)
    expect((error as McpHttpError).status).toBe(503)
    expect(posted).toHaveLength(4) // the first POST and three more
  })

  it('closing the transport during the wait ends it: nothing more is sent', async () => {
    let refused!: () => void
    const firstRefusal = new Promise<void>((resolve) => {
      refused = resolve
    })
    const { transport, posted } = await legacyServer((_n, res) => {
      unavailable(res, '30')
      res.on('finish', refused)
    })
    const sent = transport.send(CALL).catch((e: unknown) => e)
    await firstRefusal
    await transport.close()
    expect(await sent).toBeInstanceOf(ConnectionClosedError)
    expect(posted).toHaveLength(1)
  })
})
