import { fileURLToPath } from 'node:url'
import { eventually, modernMeta } from '@edgemcp/test-helpers'
import { describe, expect, it } from 'vitest'
import { NonJsonLineError, ProcessExitError, StdioClientTransport } from '../src/index.js'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))

/** A minimal JSON-RPC caller over the transport, to drive the fixture server. */
function rpc(transport: StdioClientTransport) {
  const waiting = new Map<number, (m: any) => void>()
  const errors: Error[] = []
  let closed = 0
  let next = 1
  transport.onmessage = (m: any) => waiting.get(m.id)?.(m)
  transport.onerror = (e) => errors.push(e)
  transport.onclose = () => closed++
  return {
    errors,
    closed: () => closed,
    async request(method: string, params: Record<string, unknown> = {}) {
      const id = next++
      const reply = new Promise<any>((resolve) => waiting.set(id, resolve))
      await transport.send({ jsonrpc: '2.0', id, method, params })
      return reply
    },
    async initialize() {
      const init = await this.request('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'test', version: '1' },
      })
      await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' })
      return init
    },
  }
}

describe('StdioClientTransport', () => {
  it('talks JSON-RPC to a spawned server and shuts it down by closing stdin', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [fixture('echo-server.mjs')],
    })
    const peer = rpc(transport)
    await transport.start()
    expect(transport.pid).toBeGreaterThan(0)
    const init = await peer.initialize()
    expect(init.result.serverInfo.name).toBe('echo-server')
    const call = await peer.request('tools/call', { name: 'echo', arguments: { text: 'hi' } })
    expect(call.result.content).toEqual([{ type: 'text', text: 'hi' }])
    const exit = await transport.shutdown()
    expect(exit).toEqual({ code: 0, signal: null, forced: false })
    expect(peer.closed()).toBe(1)
    expect(peer.errors).toEqual([])
    await expect(transport.send({ jsonrpc: '2.0', method: 'late' })).rejects.toThrow(/not running/)
  })

  it('speaks the modern era on the same wire', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [fixture('echo-server.mjs')],
    })
    const peer = rpc(transport)
    await transport.start()
    const discover = await peer.request('server/discover', {
      _meta: modernMeta(),
    })
    expect(discover.result.supportedVersions).toContain('2026-07-28')
    await transport.close()
  })

  it('reports a non-JSON stdout line as NonJsonLineError and keeps reading', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [fixture('echo-server.mjs')],
    })
    const peer = rpc(transport)
    await transport.start()
    await peer.initialize()
    const call = await peer.request('tools/call', { name: 'garbage', arguments: {} })
    expect(call.result.content[0].text).toBe('ok')
    expect(peer.errors).toHaveLength(1)
    expect(peer.errors[0]).toBeInstanceOf(NonJsonLineError)
    expect((peer.errors[0] as NonJsonLineError).line).toBe('this is not json')
    expect(peer.errors[0]!.message).toMatch(/stderr/)
    await transport.close()
  })

  it('reports the exit of a crashing child with its code and captured stderr, then closes', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [fixture('echo-server.mjs')],
      stderr: 'pipe',
    })
    const peer = rpc(transport)
    await transport.start()
    await peer.initialize()
    void peer.request('tools/call', { name: 'crash', arguments: {} })
    await eventually(() => expect(peer.closed()).toBe(1))
    const error = peer.errors.find((e) => e instanceof ProcessExitError) as ProcessExitError
    expect(error.exit).toEqual({ code: 3, signal: null, forced: false })
    expect(error.message).toMatch(/exited with code 3/)
    expect(error.message).toMatch(/about to crash/)
    expect(transport.stderrText).toContain('about to crash')
    expect(await transport.waitForExit()).toEqual(error.exit)
  })

  it('escalates to signals when the child ignores the end of stdin', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [fixture('echo-server.mjs'), '--ignore-stdin-end'],
      shutdownTimeoutMs: 300,
    })
    const peer = rpc(transport)
    await transport.start()
    await peer.initialize()
    const exit = await transport.shutdown()
    expect(exit).toMatchObject({ forced: true, code: null, signal: 'SIGKILL' })
    expect(peer.errors).toEqual([])
  })

  it('kill() ends the child at once, without reporting an error', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [fixture('echo-server.mjs')],
    })
    const peer = rpc(transport)
    await transport.start()
    transport.kill()
    expect(await transport.waitForExit()).toEqual({ code: null, signal: 'SIGKILL', forced: true })
    await eventually(() => expect(peer.closed()).toBe(1))
    expect(peer.errors).toEqual([])
  })

  it('explains a failed write (EPIPE) by the exit of the child', async () => {
    // The child closes its stdin at once and exits a little later: the write fails before the exit is seen.
    const transport = new StdioClientTransport({
      command: 'exec 0<&-; echo closing up >&2; sleep 0.3; exit 4',
      shell: true,
      stderr: 'pipe',
    })
    rpc(transport)
    await transport.start()
    await new Promise((r) => setTimeout(r, 100))
    const error = await transport.send({ jsonrpc: '2.0', method: 'hello' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProcessExitError)
    expect((error as ProcessExitError).message).toMatch(/exited with code 4[\s\S]*closing up/)
  })

  it('rejects start() when the command cannot be spawned', async () => {
    const transport = new StdioClientTransport({ command: 'definitely-not-a-command-edgemcp' })
    await expect(transport.start()).rejects.toThrow(/ENOENT/)
  })

  it('runs a command line through the shell and passes env and cwd', async () => {
    const transport = new StdioClientTransport({
      command: `"${process.execPath}" raw-exit.mjs 0 "$EDGEMCP_LINE"`,
      shell: true,
      cwd: fileURLToPath(new URL('./fixtures/', import.meta.url)),
      env: { EDGEMCP_LINE: '{"jsonrpc":"2.0","method":"from-env"}' },
      stderr: 'pipe',
    })
    const got: unknown[] = []
    transport.onmessage = (m) => got.push(m)
    await transport.start()
    expect(await transport.waitForExit()).toEqual({ code: 0, signal: null, forced: false })
    await eventually(() => expect(got).toHaveLength(1))
    expect(got).toEqual([{ jsonrpc: '2.0', method: 'from-env' }])
    expect(transport.stderrText).toBe('bye from raw-exit\n')
  })
})

describe('serveStdio', () => {
  it('exits with code 0 on SIGTERM', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [fixture('echo-server.mjs'), '--banner'],
      stderr: 'pipe',
    })
    const peer = rpc(transport)
    await transport.start()
    await peer.initialize()
    process.kill(transport.pid!, 'SIGTERM')
    const exit = await transport.waitForExit()
    expect(exit).toEqual({ code: 0, signal: null, forced: false })
    expect(transport.stderrText).toContain('echo-server ready')
  })
})
