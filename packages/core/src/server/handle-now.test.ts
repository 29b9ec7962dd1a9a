import { describe, expect, it } from 'vitest'
import type { HandleOptions, HandleResult } from './handle.js'
import { handleNow } from './handle-now.js'
import { McpServer } from './mcp-server.js'
import { ToolServer } from './tool-server.js'

const info = { name: 'n', version: '1' }
const modernCall = (name: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: {
    name,
    arguments: {},
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
})
const textOf = (r: HandleResult) =>
  (r.body as unknown as { result: { content: Array<{ text: string }> } }).result.content[0]?.text

describe('handleNow(server, value, options)', () => {
  it('answers a synchronous tool without a promise, as handle() would', async () => {
    const server = new McpServer(info)
    server.tool('now', {}, () => ({ content: [{ type: 'text', text: 'at once' }] }))
    const r = handleNow(server, modernCall('now'), {})
    expect(r).not.toBeInstanceOf(Promise)
    expect(textOf(r as HandleResult)).toBe('at once')
    expect(r).toEqual(await server.handle(modernCall('now')))
  })

  it('returns a promise for a tool whose handler is async', async () => {
    const server = new ToolServer(info)
    server.tool('later', {}, async () => ({ content: [{ type: 'text', text: 'later' }] }))
    const r = handleNow(server, modernCall('later'), {})
    expect(r).toBeInstanceOf(Promise)
    expect(textOf(await r)).toBe('later')
  })

  it('answers a handler that throws with a tool error, synchronously too', () => {
    const server = new McpServer(info)
    server.tool('boom', {}, () => {
      throw new Error('broken')
    })
    const r = handleNow(server, modernCall('boom'), {}) as HandleResult
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ result: { isError: true, content: [{ text: 'broken' }] } })
  })

  it('calls a handle() replaced on the server, and a subclass override', async () => {
    const seen: unknown[] = []
    const server = new McpServer(info)
    server.tool('now', {}, () => ({ content: [{ type: 'text', text: 'at once' }] }))
    const handle = server.handle.bind(server)
    server.handle = (value: unknown, options?: HandleOptions) => {
      seen.push(value)
      return handle(value, options)
    }
    expect(textOf(await handleNow(server, modernCall('now'), {}))).toBe('at once')
    expect(seen).toHaveLength(1)

    class Logged extends McpServer {
      override handle(value: unknown, options?: HandleOptions): Promise<HandleResult> {
        seen.push(value)
        return super.handle(value, options)
      }
    }
    const logged = new Logged(info)
    logged.tool('now', {}, () => ({ content: [{ type: 'text', text: 'logged' }] }))
    expect(textOf(await handleNow(logged, modernCall('now'), {}))).toBe('logged')
    expect(seen).toHaveLength(2)
  })
})
