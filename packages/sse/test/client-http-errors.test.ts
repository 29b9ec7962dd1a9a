import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { McpClient, McpHttpError } from '@edgemcp/core'
import { Hono } from 'hono'
import { describe, expect, it, onTestFinished } from 'vitest'
import { connectWithFallback, createSseHandler, SseClientTransport } from '../src/index.js'
import { listen, makeServer } from './helpers.js'

const newClient = () => {
  const client = new McpClient({ name: 'edgemcp-client', version: '1.0.0' })
  onTestFinished(() => client.close())
  return client
}

/** A node:http server on port 0 answering every request with `status` (and `headers`); records each. */
async function refusing(status: number, headers: Record<string, string> = {}) {
  const seen: string[] = []
  const server = createServer((req, res) => {
    seen.push(req.method ?? '')
    req.resume()
    res.writeHead(status, { 'Content-Type': 'text/plain', ...headers }).end(`refused with ${status}`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, seen }
}

/** The McpHttpError `p` rejects with. */
async function rejection(p: Promise<unknown>): Promise<McpHttpError> {
  const error: unknown = await p.catch((e: unknown) => e)
  if (!(error instanceof McpHttpError)) throw new Error(`expected an McpHttpError, got ${String(error)}`)
  return error
}

describe('HTTP refusals through the SSE client transports', () => {
  it('connectWithFallback on a wrong path says 404, not "Connection closed"', async () => {
    const l = await listen(new Hono().route('/sse', createSseHandler(makeServer().server)))
    onTestFinished(() => l.close())
    const error = await rejection(connectWithFallback(newClient(), `${l.url}/wrong`))
    expect(error.status).toBe(404)
    // Streamable HTTP was refused with 404, then the legacy SSE stream too: the last refusal is the answer.
    expect(error.method).toBe('GET')
    expect(error.message).toMatch(/answered HTTP 404.*check the MCP endpoint path/)
    expect(error.message).not.toMatch(/Connection closed/)
  })

  it('connectWithFallback on 401: the challenge, no SSE attempt and no second initialize', async () => {
    const challenge = 'Bearer realm="mcp"'
    const s = await refusing(401, { 'WWW-Authenticate': challenge })
    const error = await rejection(connectWithFallback(newClient(), s.url))
    expect(error.status).toBe(401)
    expect(error.wwwAuthenticate).toBe(challenge)
    expect(error.body).toBe('refused with 401')
    expect(s.seen).toEqual(['POST'])
  })

  it('SseClientTransport: a refused stream carries status, method and body', async () => {
    const s = await refusing(403)
    const error = await rejection(newClient().connect(new SseClientTransport(s.url)))
    expect([error.status, error.method, error.body]).toEqual([403, 'GET', 'refused with 403'])
  })
})
