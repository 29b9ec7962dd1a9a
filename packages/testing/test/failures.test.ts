import { describe, expect, it } from 'vitest'
import { ConnectionLostError, mcpShell, ServerExitError, TimeoutError } from '../src/index.js'
import { fixture } from './helpers/files.js'

const misbehaving = (...flags: string[]) =>
  `"${process.execPath}" "${fixture('misbehaving-server.mjs')}" ${flags.join(' ')}`

describe('a server that hangs', () => {
  it('makes callTool reject with TimeoutError after requestTimeout, naming method and request id', async () => {
    // Long enough for the server to boot on a busy machine, short enough for a test.
    const app = mcpShell(misbehaving(), { requestTimeout: 1000 })
    await app.initialize()
    const started = Date.now()
    const error = await app.callTool('hang').catch((e: unknown) => e)
    const elapsed = Date.now() - started
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as TimeoutError).method).toBe('tools/call')
    expect((error as TimeoutError).message).toMatch(
      /^tools\/call \(request id \d+\) got no response within 1000 ms$/,
    )
    expect(elapsed).toBeGreaterThanOrEqual(990)
    expect(elapsed).toBeLessThan(4000)
    // The client told the server to stop (notifications/cancelled) and the connection still works.
    await expect(app).toHaveTool('hang')
    await app.close()
  })

  it('a per-call timeout overrides requestTimeout', async () => {
    const app = mcpShell(misbehaving(), { requestTimeout: 5000 })
    await expect(app.callTool('hang', {}, { timeoutMs: 100 })).rejects.toThrow(/within 100 ms/)
    await app.close()
  })
})

describe('a server that crashes', () => {
  it('rejects pending calls at once with its exit code and stderr', async () => {
    const app = mcpShell(misbehaving(), { requestTimeout: 10_000 })
    await app.initialize()
    const started = Date.now()
    const error = await app.callTool('crash').catch((e: unknown) => e)
    expect(Date.now() - started).toBeLessThan(3000)
    expect(error).toBeInstanceOf(ConnectionLostError)
    expect((error as Error).message).toMatch(
      /^tools\/call \(request id \d+\) failed: MCP server process .* exited with code 7/,
    )
    expect((error as Error).message).toContain('fatal: the crash tool was called')
    expect(await app.waitForExit()).toEqual({ code: 7, signal: null })
    // Later requests fail at once too, and close() reports the non-zero exit.
    await expect(app.getTools()).rejects.toBeInstanceOf(ConnectionLostError)
    await expect(app.close()).rejects.toThrow(/exited with code 7[\s\S]*fatal: the crash tool was called/)
  })

  it('surfaces a command that cannot start', async () => {
    const app = mcpShell('edgemcp-no-such-command-xyz', { requestTimeout: 2000 })
    await expect(app.initialize()).rejects.toThrow(/exited with code 127|not found/)
    await expect(app.close()).rejects.toBeInstanceOf(ServerExitError)
  })
})

describe('non-JSON output on stdout', () => {
  it('fails the pending request and makes close() throw, naming the line', async () => {
    const app = mcpShell(misbehaving(), { requestTimeout: 2000 })
    await app.initialize()
    await expect(app.callTool('noisy')).rejects.toThrow(
      /not a JSON-RPC message[\s\S]*"debug: noisy tool called"/,
    )
    await expect(app.close()).rejects.toThrow(/wrote 1 non-JSON line\(s\) on stdout/)
  })

  it('is printed, not fatal, with allowDebugLogging', async () => {
    const lines: string[] = []
    const app = mcpShell(misbehaving('--print-at-start'), {
      allowDebugLogging: true,
      logger: (l) => lines.push(l),
    })
    const result = await app.callTool('noisy')
    expect(result.content[0]?.text).toBe('done')
    await app.close()
    expect(lines).toContain('[mcp stdout] starting up (a log line on stdout)')
    expect(lines).toContain('[mcp stdout] debug: noisy tool called')
    expect(lines.some((l) => l.startsWith('[mcp →]') && l.includes('"method":"tools/call"'))).toBe(true)
    expect(lines.some((l) => l.startsWith('[mcp ←]') && l.includes('"text":"done"'))).toBe(true)
  })
})

describe('close()', () => {
  it('throws when the server exits with a non-zero code', async () => {
    const app = mcpShell(misbehaving('--exit-code=2'))
    await app.initialize()
    await expect(app.close()).rejects.toThrow(/exited with code 2/)
  })

  it('throws after timeoutMs when the server ignores the end of stdin', async () => {
    const app = mcpShell(misbehaving('--ignore-stdin'))
    await app.initialize()
    const started = Date.now()
    const error = await app.close(300).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServerExitError)
    expect((error as Error).message).toMatch(
      /did not exit within 300 ms after its input was closed; it was killed with SIG(TERM|KILL)/,
    )
    expect(Date.now() - started).toBeLessThan(3000)
  })

  it('is idempotent and resolves for a well-behaved server', async () => {
    const app = mcpShell(misbehaving())
    await app.initialize()
    await app.close()
    await app.close()
    expect(await app.waitForExit()).toEqual({ code: 0, signal: null })
  })
})
