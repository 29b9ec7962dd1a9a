import { McpClient, type McpClientOptions, McpHttpError } from '@edgemcp/core'
import { Hono } from 'hono'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createMcpHandler, StreamableHttpClientTransport } from '../../src/index.js'
import { serve } from '../../src/node.js'
import { makeServer } from '../helpers.js'
import { INITIALIZE_RESULT, scriptedServer, sendResult } from './scripted-server.js'

const CHALLENGE = 'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp"'

async function connect(url: string, options: McpClientOptions = {}) {
  const client = new McpClient({ name: 'http-errors', version: '1.0.0' }, options)
  onTestFinished(() => client.close())
  const transport = new StreamableHttpClientTransport(url)
  return { client, transport, connected: client.connect(transport) }
}

const rejection = async (p: Promise<unknown>): Promise<McpHttpError> => {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(McpHttpError)
  return error as McpHttpError
}

describe('HTTP refusals reach the client as McpHttpError (status, headers, excerpt, hint)', () => {
  it('401 with a challenge: auto mode fails with it at once, no initialize into a second 401', async () => {
    const s = await scriptedServer((_req, res) => {
      res.writeHead(401, { 'WWW-Authenticate': CHALLENGE, 'Content-Type': 'text/plain' })
      res.end('Unauthorized')
    })
    const { connected } = await connect(s.url)
    const error = await rejection(connected)
    expect(error.status).toBe(401)
    expect(error.kind).toBe('http')
    expect(error.wwwAuthenticate).toBe(CHALLENGE)
    expect(error.headers.get('content-type')).toBe('text/plain')
    expect(error.body).toBe('Unauthorized')
    expect(error.method).toBe('POST')
    expect(error.url).toBe(s.url)
    expect(error.message).toBe(
      `POST ${s.url} answered HTTP 401 Unauthorized: the server requires authorization (OAuth: its WWW-Authenticate names the protected-resource metadata); give the transport an authProvider or an Authorization header (WWW-Authenticate: ${CHALLENGE}); body: Unauthorized`,
    )
    expect(error.message).not.toMatch(/does not speak modern MCP/)
    expect(s.methods()).toEqual(['server/discover'])
  })

  it('403 insufficient_scope names the scope problem; legacy mode sees it on initialize', async () => {
    const challenge = 'Bearer error="insufficient_scope", scope="files:write"'
    const s = await scriptedServer((_req, res) => {
      res.writeHead(403, { 'WWW-Authenticate': challenge }).end()
    })
    const { connected } = await connect(s.url, { protocol: 'legacy' })
    const error = await rejection(connected)
    expect(error.status).toBe(403)
    expect(error.hint).toMatch(/insufficient_scope/)
    expect(error.wwwAuthenticate).toBe(challenge)
    expect(error.body).toBe('')
    expect(s.methods()).toEqual(['initialize'])
  })

  it('a wrong path on a real server says 404 (after the legacy fallback also got 404)', async () => {
    const app = new Hono().route('/mcp', createMcpHandler(makeServer()))
    const running = await serve(app)
    onTestFinished(() => running.close())
    const { connected } = await connect(`${running.url}/wrong?token=secret`)
    const error = await rejection(connected)
    expect(error.status).toBe(404)
    expect(error.message).toMatch(
      /^POST http:\/\/127\.0\.0\.1:\d+\/wrong answered HTTP 404 Not Found: nothing is served at this URL; check the MCP endpoint path \(often \/mcp\)/,
    )
    // The query string (it may hold a token) is not repeated in messages.
    expect(error.message).not.toMatch(/secret/)
  })

  it('5xx: the status and the start of the body; a huge error body is not read', async () => {
    const s = await scriptedServer((_req, res) => {
      res.writeHead(503, { 'Content-Type': 'text/html' })
      const line = `<p>${'overloaded '.repeat(100)}</p>\n`
      // 20 MB, or until the client hangs up.
      let left = 20_000
      const more = () => {
        while (left-- > 0) if (!res.write(line)) return void res.once('drain', more)
        res.end()
      }
      res.on('close', () => {
        left = 0
      })
      more()
    })
    const { connected } = await connect(s.url, { protocol: 'legacy' })
    const error = await rejection(connected)
    expect(error.status).toBe(503)
    expect(error.hint).toMatch(/server failed/)
    expect(error.body.length).toBeLessThanOrEqual(1024)
    expect(error.body).toMatch(/^<p>overloaded overloaded/)
  })

  it('a JSON-RPC error on a 4xx status is still the answer to its request', async () => {
    const s = await scriptedServer((req, res) => {
      res.writeHead(400, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ jsonrpc: '2.0', id: req.body?.id, error: { code: -32602, message: 'Bad' } }))
    })
    const { connected } = await connect(s.url, { protocol: 'legacy' })
    await expect(connected).rejects.toMatchObject({ name: 'ProtocolError', code: -32602 })
  })

  it('the standalone GET stream and DELETE refused with 403 / 500 are McpHttpErrors', async () => {
    const s = await scriptedServer((req, res) => {
      if (req.method === 'GET') return void res.writeHead(403, { 'Content-Type': 'text/plain' }).end('no')
      if (req.method === 'DELETE') return void res.writeHead(500).end('oops')
      if (req.body?.method === 'initialize')
        return sendResult(res, req, INITIALIZE_RESULT, { 'Mcp-Session-Id': 'abc' })
      res.writeHead(202).end()
    })
    const { transport, connected } = await connect(s.url, { protocol: 'legacy' })
    await connected
    const get = await rejection(transport.openStandaloneStream())
    expect([get.status, get.method, get.body]).toEqual([403, 'GET', 'no'])
    const del = await rejection(transport.terminateSession())
    expect([del.status, del.method, del.body]).toEqual([500, 'DELETE', 'oops'])
  })
})
