import { type MCPStdinSubprocess, mcpShell } from '@edgemcp/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'

// The server as a desktop client starts it: a child process speaking MCP on stdin/stdout.
let app: MCPStdinSubprocess
beforeAll(async () => {
  app = mcpShell('npx tsx src/main.ts', {
    requestTimeout: 30_000,
    onElicit: () => ({ action: 'accept', content: { name: 'Ada' } }),
  })
  await app.initialize()
})
afterAll(() => app.close())

it('lists its tool and reads its resource', async () => {
  await expect(app).toHaveTool('greet')
  const about = await app.readResource('info://about')
  expect(JSON.stringify(about)).toContain('stdio')
})

it('asks for a name when none is given (elicitation)', async () => {
  const result = await app.callTool('greet', {})
  expect(result).not.toHaveToolError()
  expect(result.content[0]?.text).toBe('Hello, Ada!')
})
