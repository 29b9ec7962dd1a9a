import { modernMeta } from '@edgemcp/test-helpers'
import { describe, expect, it } from 'vitest'
import { McpServer } from '../../src/server/mcp-server.js'

const meta = modernMeta()

describe('the transport signal reaches ctx.signal', () => {
  it.each(['tools/call', 'prompts/get'])('%s (modern, inside an MRTR round)', async (method) => {
    const server = new McpServer({ name: 's', version: '1' })
    let aborted: unknown
    const wait = (signal: AbortSignal) =>
      new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => {
          aborted = signal.reason
          reject(new Error('stopped'))
        }),
      )
    server.tool('slow', {}, (_a, ctx) => wait(ctx.signal))
    server.prompt('slow', {}, (_a, ctx) => wait(ctx.signal))
    const up = new AbortController()
    const done = server.handle(
      { jsonrpc: '2.0', id: 1, method, params: { _meta: meta, name: 'slow' } },
      { signal: up.signal },
    )
    await new Promise((r) => setTimeout(r, 5))
    up.abort('client closed the stream')
    await done
    expect(aborted).toBe('client closed the stream')
  })
})
