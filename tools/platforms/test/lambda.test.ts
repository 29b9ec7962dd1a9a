/**
 * docs/platforms/aws-lambda.md: lambda/handler.ts (Hono's Lambda adapter) invoked with real API Gateway proxy
 * events, HTTP API (payload 2.0) and REST API (payload 1.0), answers MCP clients: each request of the client is
 * one invocation, its answer the handler's result as API Gateway returns it.
 */
import { describe, expect, it } from 'vitest'
import { handler } from '../lambda/handler.js'
import { apiGatewayFetch, eventFor } from '../src/api-gateway.js'
import { five, ourClient, sdkClient } from '../src/clients.js'

const url = 'https://abc123defg.execute-api.eu-west-1.amazonaws.com/mcp'

describe.each(['2.0', '1.0'] as const)('lambda/handler.ts behind API Gateway (payload %s)', (version) => {
  const fetch = apiGatewayFetch(handler, version)

  it('answers our 2026-07-28 client, one invocation per request', async () => {
    expect(await ourClient(url, 'modern', fetch)).toEqual({
      protocolVersion: '2026-07-28',
      tools: ['add'],
      add: five,
    })
  })

  it('answers a tools/call event with one JSON body (nothing to stream through API Gateway)', async () => {
    const call = new Request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'add',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: {
          name: 'add',
          arguments: { a: 2, b: 3 },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
            'io.modelcontextprotocol/clientInfo': { name: 'event', version: '1' },
          },
        },
      }),
    })
    const result = (await handler((await eventFor(call, version)) as never, {} as never)) as {
      statusCode: number
      headers?: Record<string, string>
      multiValueHeaders?: Record<string, string[]>
      body: string
    }
    // Payload 2.0 answers with `headers`; 1.0, whose events carry multiValueHeaders, with `multiValueHeaders`.
    const contentType = result.headers?.['content-type'] ?? result.multiValueHeaders?.['content-type']?.[0]
    expect(result.statusCode, result.body).toBe(200)
    expect(contentType).toMatch(/^application\/json/)
    expect(JSON.parse(result.body)).toMatchObject({ id: 7, result: { content: five } })
  })

  it('refuses a 2025 session with the error that names 2026-07-28, which the official SDK client reports', async () => {
    const error = await sdkClient(url, { fetch }).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(String(error)).toMatch(/2026-07-28/)
  })
})
