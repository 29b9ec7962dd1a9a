import { execFile } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { createMcpHandler } from '@edgemcp/streamable-http'
import { serve } from '@edgemcp/streamable-http/node'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createSampleServer } from './support/sample-server.js'
import { packageRoot } from './support/typecheck.js'

const cli = join(packageRoot, 'dist', 'cli.js')

function runCli(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { encoding: 'utf8' }, (error, _stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 2) : 0, stderr })
    })
  })
}

describe('edgemcp-codegen URL: HTTP refusals are reported as what they are', () => {
  it('a wrong path says 404 and what to check, on one line', async () => {
    // createMcpHandler serves its root path only: anything else is Hono's 404.
    const running = await serve(createMcpHandler(createSampleServer()))
    onTestFinished(() => running.close())
    const { code, stderr } = await runCli([`${running.url}/wrong`, '--check'])
    expect(code).toBe(2)
    expect(stderr).toMatch(/cannot connect to http:\/\/127\.0\.0\.1:\d+\/wrong: .*HTTP 404/)
    expect(stderr).toMatch(/check the MCP endpoint path/)
    expect(stderr).not.toMatch(/Connection closed/)
    expect(stderr.split('\n').filter((l) => l.includes('error:'))).toHaveLength(1)
  })

  it('401 shows the challenge, after one request', async () => {
    let requests = 0
    const server = createServer((req, res) => {
      requests++
      req.resume()
      res.writeHead(401, { 'WWW-Authenticate': 'Bearer realm="tools"' }).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`
    const { code, stderr } = await runCli([url, '--check'])
    expect(code).toBe(2)
    expect(stderr).toMatch(/HTTP 401 Unauthorized: the server requires authentication/)
    expect(stderr).toMatch(/WWW-Authenticate: Bearer realm="tools"/)
    expect(stderr).not.toMatch(/does not speak modern MCP/)
    expect(requests).toBe(1)
  })
})
