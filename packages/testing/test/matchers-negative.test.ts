// Each matcher fails when it should, with a message that shows what was there instead.
import { McpServer } from '@edgemcp/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type McpTestClient, mcpInProcess } from '../src/index.js'
// @ts-expect-error: a plain .mjs fixture without types
import { createFileServer } from './fixtures/file-server.mjs'
import { makeFileRoot } from './helpers/files.js'

const files = makeFileRoot()
let app: McpTestClient
beforeAll(async () => {
  app = mcpInProcess(createFileServer({ root: files.root }))
  await app.initialize()
})
afterAll(async () => {
  await app.close()
  files.remove()
})

describe('toBeValidMCPResponse', () => {
  it('names each problem of a malformed envelope', () => {
    expect(() => expect({ id: 1, result: {} }).toBeValidMCPResponse()).toThrow(
      /jsonrpc must be "2.0", got undefined/,
    )
    expect(() =>
      expect({ jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'x' } }).toBeValidMCPResponse(),
    ).toThrow(/exactly one of "result" and "error"/)
    expect(() => expect({ jsonrpc: '2.0', id: null, result: {} }).toBeValidMCPResponse()).toThrow(
      /id must be a string or a number, got null/,
    )
    expect(() => expect({ jsonrpc: '2.0', id: 1, error: { code: 'oops' } }).toBeValidMCPResponse()).toThrow(
      /error\/code: .*integer|error: .*message/,
    )
    expect(() => expect('hello').toBeValidMCPResponse()).toThrow(/must be an object, got "hello"/)
    expect(() =>
      expect({ jsonrpc: '2.0', id: 1, result: { content: 'text' } }).toBeValidMCPResponse(),
    ).toThrow(/result\/content: must be an array/)
  })

  it('allows id null only on error responses (JSON-RPC 2.0 §5)', () => {
    expect({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    }).toBeValidMCPResponse()
  })

  it('checks a result against its method and revision', () => {
    const bad = { jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'x' }] } }
    expect(bad).toBeValidMCPResponse()
    expect(() => expect(bad).toBeValidMCPResponse({ method: 'tools/list' })).toThrow(
      /response of tools\/list \(schema 2025-11-25\)[\s\S]*inputSchema/,
    )
    const legacyResult = { jsonrpc: '2.0', id: 1, result: {} }
    expect(legacyResult).toBeValidMCPResponse({ revision: '2025-06-18' })
    expect(() => expect(legacyResult).toBeValidMCPResponse({ revision: '2026-07-28' })).toThrow(/resultType/)
    expect(() => expect(legacyResult).toBeValidMCPResponse({ revision: '1999-01-01' })).toThrow(
      /No schema for protocol revision "1999-01-01"/,
    )
  })

  it('knows the method of what the client returned, even after tampering', async () => {
    const response = await app.request('tools/list')
    expect(response).toBeValidMCPResponse()
    delete (response.result as Record<string, unknown>).tools
    expect(() => expect(response).toBeValidMCPResponse()).toThrow(/tools\/list[\s\S]*tools/)
    const result = await app.callTool('read_file', { path: 'hello.txt' })
    ;(result as Record<string, unknown>).content = [{ type: 'text' }]
    expect(() => expect(result).toBeValidMCPResponse()).toThrow(/result of tools\/call[\s\S]*content/)
  })
})

describe('toHaveMCPError', () => {
  it('fails on a result, showing it', () => {
    expect(() => expect({ jsonrpc: '2.0', id: 1, result: { ok: true } }).toHaveMCPError()).toThrow(
      /expected an MCP error, but received {"jsonrpc":"2.0","id":1,"result":{"ok":true}}/,
    )
  })

  it('fails on another code, showing the code and message it got', () => {
    const response = { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: x' } }
    expect(() => expect(response).toHaveMCPError(-32602)).toThrow(
      /expected MCP error code -32602, but got -32601: Method not found: x/,
    )
    expect(() => expect(response).not.toHaveMCPError()).toThrow(/expected no MCP error, but got error -32601/)
  })

  it('fails on a promise that resolves to a result, or rejects with a plain error', async () => {
    await expect(expect(app.callTool('read_file', { path: 'hello.txt' })).toHaveMCPError()).rejects.toThrow(
      /but the promise resolved to {"content":\[{"type":"text","text":"Hello world"}\]/,
    )
    await expect(expect(Promise.reject(new Error('boom'))).toHaveMCPError()).rejects.toThrow(
      /threw a non-protocol error: boom/,
    )
  })
})

describe('toHaveTool / toHaveResource / toHavePrompt', () => {
  it('list what the server has instead', async () => {
    await expect(expect(app).toHaveResource('secrets.txt')).rejects.toThrow(
      /to have resource "secrets.txt"; it has: "config.json \(file:\/\/\/config.json\)", "project_files \(files:\/\/project\)"/,
    )
    await expect(expect(app).toHavePrompt('translate')).rejects.toThrow(
      /to have prompt "translate"; it has: "summarize_file"/,
    )
    await expect(expect(app).not.toHaveTool('read_file')).rejects.toThrow(
      /not to have tool "read_file", but it does/,
    )
  })

  it('say when the capability is missing', async () => {
    const bare = new McpServer({ name: 'bare', version: '1.0.0' })
    bare.prompt('hello', {}, () => ({ messages: [] }))
    const client = mcpInProcess(bare)
    await expect(expect(client).toHaveTool('read_file')).rejects.toThrow(
      /does not declare the "tools" capability \(it declares: "logging", "prompts"\)/,
    )
    await client.close()
  })

  it('say what they accept', () => {
    expect(() => expect(42).toHaveTool('x')).toThrow(/toHaveTool expects a test client .* received 42/)
    expect(() => expect({ resources: [] }).toHaveResource('x')).toThrow(/it has: no resources/)
  })
})

describe('toHaveToolError', () => {
  it('fails on a successful result, showing its text', async () => {
    const ok = await app.callTool('read_file', { path: 'hello.txt' })
    expect(() => expect(ok).toHaveToolError()).toThrow(
      /expected a tool error \(isError: true\), but the tool succeeded with: Hello world/,
    )
    const failed = await app.callTool('read_file', { path: 'nope.txt' })
    expect(() => expect(failed).not.toHaveToolError()).toThrow(
      /it is a tool error: Cannot read nope.txt: ENOENT/,
    )
  })

  it('points to toHaveMCPError when the call failed with a protocol error', async () => {
    await expect(expect(app.callTool('no_such_tool')).toHaveToolError()).rejects.toThrow(
      /protocol error instead of returning a tool result \(use toHaveMCPError/,
    )
  })
})

describe('toMatchToolOutputSchema', () => {
  it('needs a schema', async () => {
    const result = await app.callTool('read_file', { path: 'hello.txt' })
    expect(() => expect(result).toMatchToolOutputSchema()).toThrow(
      /tool "read_file" declares no outputSchema/,
    )
    expect(() => expect({ content: [] }).toMatchToolOutputSchema()).toThrow(/pass the tool or a schema/)
  })

  it('fails on tool errors and on missing structuredContent', () => {
    const schema = { type: 'object' }
    expect(() =>
      expect({ content: [{ type: 'text', text: 'disk full' }], isError: true }).toMatchToolOutputSchema(
        schema,
      ),
    ).toThrow(/the result is a tool error: disk full/)
    expect(() => expect({ content: [] }).toMatchToolOutputSchema(schema)).toThrow(/but the result has none/)
  })
})
