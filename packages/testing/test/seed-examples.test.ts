// expect-mcp's documented examples, run against a stdio file server built with @edgemcp/core + @edgemcp/stdio.
import { afterAll, beforeAll, describe, expect, it, test } from 'vitest'
import {
  type MCPResource,
  type MCPResponse,
  type MCPStdinSubprocess,
  type MCPTool,
  mcpShell,
  shellCommand,
} from '../src/index.js'
import { fileServerCommand, fixture, makeFileRoot } from './helpers/files.js'

const files = makeFileRoot()
afterAll(() => files.remove())

test('server provides expected tools', async () => {
  const app = mcpShell(fileServerCommand(files.root))
  await app.initialize()

  await expect(app).toHaveTool('read_file')
  await expect(app).toHaveResource('config.json')

  await app.close()
})

describe('lifecycle pattern', () => {
  let app: MCPStdinSubprocess

  beforeAll(async () => {
    app = mcpShell(fileServerCommand(files.root), {})
  })

  afterAll(async () => {
    await app.close()
  })

  it('tests something', async () => {
    await expect(app).toHaveTool('read_file')
    const response = await app.callTool('read_file', { path: 'hello.txt' })
    expect(response.content).toEqual([{ type: 'text', text: 'Hello world' }])
  })

  it('calls a tool on the server', async () => {
    const result = await app.callTool('read_file', { path: '/hello.txt' })
    expect(result).toBeDefined()
    expect(result.content).toBeDefined()
  })

  it('lists tools and resources with the documented types', async () => {
    const tools: MCPTool[] = await app.getTools()
    const resources: MCPResource[] = await app.getResources()
    expect(tools.map((t) => t.name)).toContain('write_file')
    expect(resources.map((r) => r.name)).toEqual(expect.arrayContaining(['config.json', 'project_files']))
    expect(await app.hasTool('read_file')).toBe(true)
    expect(await app.hasResource('project_files')).toBe(true)
    expect(app.isInitialized()).toBe(true)
    expect(app.getInitializeResult().serverInfo.name).toBe('file-server')
    expect(app.supportsTools()).toBe(true)
    expect(app.supportsResources()).toBe(true)
  })

  it('reads a resource', async () => {
    const resource = await app.readResource('file:///config.json')
    expect(JSON.parse(String(resource.contents[0]?.text))).toEqual({ root: 'files', readonly: false })
  })
})

describe('type-safe response validation', () => {
  it('accepts the documented MCPResponse', () => {
    const response: MCPResponse = {
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ role: 'assistant', type: 'text', content: 'Hello' }] },
    }
    expect(response).toBeValidMCPResponse()
  })

  it('accepts the documented tool result and error responses', () => {
    expect({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'Hello, world!' }] },
    }).toBeValidMCPResponse()
    const errorResponse = { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid params' } }
    expect(errorResponse).toBeValidMCPResponse()
    expect(errorResponse).toHaveMCPError()
    expect(errorResponse).toHaveMCPError(-32602)
  })
})

test('mcpShell with options', async () => {
  const lines: string[] = []
  const app = mcpShell(fileServerCommand(files.root), {
    requestTimeout: 30000,
    allowDebugLogging: true,
    logger: (line) => lines.push(line),
  })
  const result = await app.initialize()
  expect(result.serverInfo).toEqual({ name: 'file-server', version: '1.0.0' })
  await app.close()
  expect(lines.some((l) => l.startsWith('[mcp →] {"jsonrpc":"2.0","id":1,"method":"initialize"'))).toBe(true)
  expect(lines.some((l) => l.startsWith('[mcp ←] {"jsonrpc":"2.0","id":1,"result"'))).toBe(true)
})

test('server provides file operations (shellCommand and kill)', async () => {
  const app = shellCommand(process.execPath, [fixture('file-server-stdio.mjs'), files.root])
  await app.initialize()

  await expect(app).toHaveTool('read_file')
  await expect(app).toHaveTool('write_file')

  await app.kill()
  expect(await app.waitForExit()).toEqual({ code: null, signal: 'SIGKILL' })
})
