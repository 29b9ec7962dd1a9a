// mcpShell drives a stdio server built with the official TypeScript SDK: the matchers are not tied to edgemcp.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type McpTestClient, mcpShell, ToolCallError } from '../src/index.js'
import { fixture } from './helpers/files.js'

const command = `"${process.execPath}" "${fixture('sdk-server.mjs')}"`

describe.each(['2025-06-18', 'auto'])('official SDK stdio server, protocol %s', (protocolVersion) => {
  let app: McpTestClient
  beforeAll(async () => {
    app = mcpShell(command, { protocolVersion })
    await app.initialize()
  })
  afterAll(async () => {
    await app.close()
  })

  it('initializes in the legacy era', () => {
    const init = app.getInitializeResult()
    expect(init).toBeValidMCPResponse()
    expect(init.serverInfo).toMatchObject({ name: 'sdk-server', version: '2.0.0' })
    // 'auto' probes with server/discover, and falls back to initialize on the SDK's error.
    expect(app.era).toBe('legacy')
    expect(app.protocolVersion).toBe(protocolVersion === 'auto' ? '2025-11-25' : protocolVersion)
  })

  it('runs the matchers against it', async () => {
    await expect(app).toHaveTool('add')
    await expect(app).not.toHaveTool('subtract')
    await expect(app).toHaveResource('readme')
    await expect(app).toHavePrompt('greet')
    const sum = await app.callTool('add', { a: 2, b: 3 })
    expect(sum.content).toEqual([{ type: 'text', text: '5' }])
    expect(sum).toBeValidMCPResponse()
    expect(sum).toMatchToolOutputSchema()
    expect(sum).not.toHaveToolError()
    expect(await app.callTool('fail')).toHaveToolError()
    // The SDK answers an unknown tool with a tool error result rather than a JSON-RPC error.
    expect(await app.callTool('missing')).toHaveToolError()
    const raw = await app.request('no/such/method')
    expect(raw).toHaveMCPError(-32601)
    expect(raw).toBeValidMCPResponse()
  })

  it('reads, prompts and lists', async () => {
    const readme = await app.readResource('docs://readme')
    expect(readme.contents[0]?.text).toBe('Read me')
    const prompt = await app.getPrompt('greet', { name: 'Ada' })
    expect(prompt.messages[0]?.content.text).toBe('Hello Ada')
    expect(prompt).toBeValidMCPResponse()
    const invalid = await app.callTool('add', { a: 'x', b: 1 }).catch((e: unknown) => e)
    // The SDK reports invalid arguments either way depending on its version: accept both, but one of them.
    if (invalid instanceof ToolCallError) expect(invalid).toHaveMCPError(-32602)
    else expect(invalid).toHaveToolError()
  })
})
