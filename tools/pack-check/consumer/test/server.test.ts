// A Vitest file written as a user of @edgemcp/testing would: matchers, a stdio server, an in-process server.
import '@edgemcp/testing/vitest-setup'
import { mcpInProcess, mcpShell, type McpTestClient } from '@edgemcp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from '../src/server.js'

describe('over stdio', () => {
  let app: McpTestClient
  beforeAll(async () => {
    app = mcpShell('node out/src/stdio-server.js', { requestTimeout: 30_000 })
    await app.initialize()
  })
  // The server ignores the end of its stdin, as server-everything does: close() stops it with SIGTERM.
  afterAll(() => app.close())

  it('has the tool and answers it within its output schema', async () => {
    await expect(app).toHaveTool('add')
    const result = await app.callTool('add', { a: 2, b: 3 })
    expect(result).toBeValidMCPResponse()
    expect(result).not.toHaveToolError()
    expect(result).toMatchToolOutputSchema()
    expect(result.structuredContent).toEqual({ sum: 5 })
  })
})

describe('in process, 2026-07-28', () => {
  it('answers add', async () => {
    const app = mcpInProcess(createServer(), { protocolVersion: '2026-07-28' })
    await expect(app).toHaveTool('add')
    expect((await app.callTool('add', { a: 1, b: 1 })).structuredContent).toEqual({ sum: 2 })
    expect(await app.close({ strict: true })).toMatchObject({ code: 0, forced: false })
  })
})

describe('close() of a server that needs SIGTERM', () => {
  it('resolves with the exit facts', async () => {
    const app = mcpShell('node out/src/stdio-server.js', { requestTimeout: 30_000 })
    await app.initialize()
    expect(await app.close({ timeoutMs: 200 })).toMatchObject({ forced: true, signal: 'SIGTERM' })
  })
})
