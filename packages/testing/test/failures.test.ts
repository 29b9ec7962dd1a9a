import { describe, expect, it, vi } from 'vitest'
import { ConnectionLostError, mcpShell, ServerExitError, shellCommand, TimeoutError } from '../src/index.js'
import { fixture } from './helpers/files.js'

const misbehaving = (...flags: string[]) =>
  `"${process.execPath}" "${fixture('misbehaving-server.mjs')}" ${flags.join(' ')}`

describe('a server that hangs', () => {
  it('makes callTool reject with TimeoutError after requestTimeout, naming method and request id', async () => {
    const app = mcpShell(misbehaving(), { requestTimeout: 1000 })
    // Booting node can take longer than the timeout on a loaded machine: wait until the server says it is up.
    await vi.waitFor(() => expect(app.stderr).toContain('misbehaving server: ready'), { timeout: 60_000 })
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
    // At once: a client that waited for requestTimeout would reject with TimeoutError instead.
    const error = await app.callTool('crash').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConnectionLostError)
    expect((error as Error).message).toMatch(
      /^tools\/call \(request id \d+\) failed: MCP server process .* exited with code 7/,
    )
    expect((error as Error).message).toContain('fatal: the crash tool was called')
    expect(await app.waitForExit()).toEqual({ code: 7, signal: null })
    // Later requests fail at once too; close() reports the exit, and its strict check rejects it.
    await expect(app.getTools()).rejects.toBeInstanceOf(ConnectionLostError)
    expect(await app.close()).toMatchObject({ code: 7, signal: null, forced: false })
    await expect(app.close({ strict: true })).rejects.toThrow(
      /exited with code 7[\s\S]*fatal: the crash tool was called/,
    )
  })

  it('surfaces a command that cannot start', async () => {
    const app = mcpShell('edgemcp-no-such-command-xyz', { requestTimeout: 2000 })
    await expect(app.initialize()).rejects.toThrow(/exited with code 127|not found/)
    expect(await app.close()).toMatchObject({ code: 127, forced: false })
    await expect(app.close({ strict: true })).rejects.toBeInstanceOf(ServerExitError)
  })
})

describe('non-JSON output on stdout', () => {
  it('fails the pending request and makes the strict close() throw, naming the line', async () => {
    const app = mcpShell(misbehaving(), { requestTimeout: 2000 })
    await app.initialize()
    await expect(app.callTool('noisy')).rejects.toThrow(
      /not a JSON-RPC message[\s\S]*"debug: noisy tool called"/,
    )
    await expect(app.close({ strict: true })).rejects.toThrow(/wrote 1 non-JSON line\(s\) on stdout/)
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
  it('follows the stdio shutdown sequence and resolves when the server needs SIGTERM (like server-everything)', async () => {
    // The server does not exit at the end of its stdin: close() waits timeoutMs, sends SIGTERM, and resolves.
    const app = mcpShell(misbehaving('--ignore-stdin'))
    await app.initialize()
    const exit = await app.close({ timeoutMs: 300 })
    expect(exit).toEqual({
      code: null,
      signal: 'SIGTERM',
      forced: true,
      stderrTail: expect.stringContaining('misbehaving server: ready'),
    })
    expect(await app.waitForExit()).toEqual({ code: null, signal: 'SIGTERM' })
  })

  it('sends SIGKILL when SIGTERM is ignored too, and still resolves', async () => {
    // Without a shell in between, so the exit facts are the server's own (through a shell, they are the shell's).
    const app = shellCommand(process.execPath, [
      fixture('misbehaving-server.mjs'),
      '--ignore-stdin',
      '--ignore-sigterm',
    ])
    await app.initialize()
    expect(await app.close(300)).toMatchObject({ code: null, signal: 'SIGKILL', forced: true })
  })

  it('rejects with the exit facts under the opt-in strict check when the server had to be signalled', async () => {
    const app = mcpShell(misbehaving('--ignore-stdin'))
    await app.initialize()
    const error = await app.close({ timeoutMs: 300, strict: true }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServerExitError)
    expect(error).toMatchObject({ code: null, signal: 'SIGTERM' })
    expect((error as Error).message).toMatch(
      /did not exit within 300 ms after its input was closed; it was stopped with SIGTERM\n--- stderr \(last lines\) ---\nmisbehaving server: ready/,
    )
  })

  it('resolves with the code of a server that exits non-zero; the strict check rejects it', async () => {
    const app = mcpShell(misbehaving('--exit-code=2'))
    await app.initialize()
    expect(await app.close()).toMatchObject({ code: 2, signal: null, forced: false })
    await expect(app.close({ strict: true })).rejects.toThrow(/exited with code 2/)
  })

  it('is idempotent and passes the strict check for a well-behaved server', async () => {
    const app = mcpShell(misbehaving())
    await app.initialize()
    const exit = await app.close({ strict: true })
    expect(exit).toEqual({ code: 0, signal: null, forced: false, stderrTail: 'misbehaving server: ready' })
    expect(await app.close()).toBe(exit)
    expect(await app.waitForExit()).toEqual({ code: 0, signal: null })
  })
})
