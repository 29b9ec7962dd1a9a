import { type ChildProcess, spawn } from 'node:child_process'
import { ConnectionClosedError, encodeMessage, type JsonRpcMessage, type Transport } from '@edgemcp/core'
import { NonJsonLineError, type ProcessExit, ProcessExitError } from './errors.js'
import { killTree, trackChild } from './child-registry.js'
import { LineSplitter } from './line-splitter.js'
import { StderrTail } from './stderr-tail.js'
import { writeLine } from './write-line.js'

export interface StdioClientTransportOptions {
  /** The program to run (or, with `shell: true`, a whole command line). */
  command: string
  args?: readonly string[]
  /** Added to the parent's environment (a key set to `undefined` removes it). */
  env?: Record<string, string | undefined>
  cwd?: string
  /** `'inherit'` (default) passes the child's stderr through; `'pipe'` captures it (see `stderr`, `stderrText`). */
  stderr?: 'inherit' | 'pipe'
  /** Run `command` through the shell (as `child_process.spawn` does with `shell: true`). */
  shell?: boolean
  /** How long `close()` waits for the child to exit after closing its stdin before SIGTERM, then SIGKILL. Default 2000 ms. */
  shutdownTimeoutMs?: number
}

/**
 * The client end of the stdio transport (2026-07-28 basic/transports/stdio): spawns the server and exchanges
 * newline-delimited JSON-RPC over its stdin/stdout.
 *
 * - A stdout line that is not JSON is reported through `onerror` as a `NonJsonLineError`; reading goes on.
 * - When the child exits on its own, `onerror` gets a `ProcessExitError` (code, signal, captured stderr), then
 *   `onclose` runs.
 * - `close()` follows the spec's shutdown: close the child's stdin, wait, then SIGTERM, then SIGKILL.
 *
 * @example
 * const transport = new StdioClientTransport({ command: 'node', args: ['server.js'], stderr: 'pipe' })
 * transport.onmessage = (m) => console.log(m)
 * await transport.start()
 */
export class StdioClientTransport implements Transport {
  onmessage?: ((message: unknown) => void) | undefined
  onclose?: (() => void) | undefined
  onerror?: ((error: Error) => void) | undefined
  private child: ChildProcess | undefined
  private readonly splitter = new LineSplitter()
  private readonly tail = new StderrTail()
  private closing = false
  private closed = false
  private exitInfo: ProcessExit | undefined
  private forced = false
  private readonly exitWaiters: Array<(exit: ProcessExit) => void> = []
  private writes: Promise<void> = Promise.resolve()
  private untrack: () => void = () => {}

  constructor(readonly options: StdioClientTransportOptions) {}

  /** The child's pid once started. */
  get pid(): number | undefined {
    return this.child?.pid
  }

  /** The child's stderr stream when `stderr: 'pipe'` (also read into `stderrText`). */
  get stderr(): NodeJS.ReadableStream | null {
    return this.child?.stderr ?? null
  }

  /** The last 64 KiB the child wrote to stderr (`stderr: 'pipe'` only). */
  get stderrText(): string {
    return this.tail.text
  }

  /** How the child ended, once it has. */
  get exit(): ProcessExit | undefined {
    return this.exitInfo
  }

  /** The child's command line, for messages. */
  get commandLine(): string {
    return [this.options.command, ...(this.options.args ?? [])].join(' ')
  }

  async start(): Promise<void> {
    if (this.child) throw new Error('StdioClientTransport already started')
    const { command, args = [], env, cwd, stderr = 'inherit', shell = false } = this.options
    const child = spawn(command, [...args], {
      env: { ...process.env, ...env },
      ...(cwd === undefined ? {} : { cwd }),
      shell,
      stdio: ['pipe', 'pipe', stderr],
      windowsHide: true,
      // Its own process group on POSIX, so signals reach the whole tree (a shell and the server it runs).
      detached: process.platform !== 'win32',
    })
    this.child = child
    this.untrack = trackChild(child)
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve)
        child.once('error', reject)
      })
    } catch (e) {
      this.untrack()
      this.closing = true
      this.finish()
      throw e
    }
    child.on('error', (e) => this.onerror?.(e))
    child.stdout?.on('data', (chunk: Buffer) => {
      for (const line of this.splitter.push(chunk)) this.deliver(line)
    })
    child.stdout?.on('end', () => {
      for (const line of this.splitter.end()) this.deliver(line)
    })
    child.stderr?.on('data', (chunk: Buffer) => this.tail.push(chunk))
    // EPIPE when the child died first: the exit handler reports it.
    child.stdin?.on('error', () => {})
    child.once('close', (code, signal) => this.onExit({ code, signal, forced: this.forced }))
  }

  private deliver(line: string): void {
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch (e) {
      this.onerror?.(new NonJsonLineError(line, e instanceof Error ? e.message : undefined))
      return
    }
    this.onmessage?.(value)
  }

  private onExit(exit: ProcessExit): void {
    this.exitInfo = exit
    this.untrack()
    for (const w of this.exitWaiters.splice(0)) w(exit)
    if (!this.closing) this.onerror?.(this.exitError(exit))
    this.finish()
  }

  /** The child's exit as an error, with what it wrote to stderr (captured only with `stderr: 'pipe'`). */
  private exitError(exit: ProcessExit): ProcessExitError {
    return new ProcessExitError(this.commandLine, exit, this.tail.text)
  }

  private finish(): void {
    if (this.closed) return
    this.closed = true
    this.onclose?.()
  }

  /** Resolves when the child has exited (at once if it already has). */
  waitForExit(): Promise<ProcessExit> {
    if (this.exitInfo) return Promise.resolve(this.exitInfo)
    if (!this.child) return Promise.reject(new Error('StdioClientTransport not started'))
    return new Promise((resolve) => this.exitWaiters.push(resolve))
  }

  /** Writes one message (or a batch) as one line on the child's stdin. */
  send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    const stdin = this.child?.stdin
    if (!stdin || this.closing || this.exitInfo)
      return Promise.reject(
        new ConnectionClosedError(`MCP server process \`${this.commandLine}\` is not running`),
      )
    const line = `${encodeMessage(message)}\n`
    const next = this.writes
      .then(() => writeLine(stdin, line))
      .catch((e: unknown) => this.explainWriteError(e))
    this.writes = next.catch(() => {})
    return next
  }

  /** A write that failed because the child died (EPIPE) says so, with its exit code and stderr. */
  private async explainWriteError(error: unknown): Promise<never> {
    if (await settlesWithin(this.waitForExit(), 1000)) throw this.exitError(this.exitInfo!)
    throw error
  }

  /** Signals the child (its whole process group on POSIX) at once; an exit caused this way is not an error. */
  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    if (!this.child || this.exitInfo) return
    this.closing = true
    this.forced = true
    killTree(this.child, signal)
  }

  /** Shuts the child down gracefully (see `shutdown`). */
  async close(): Promise<void> {
    await this.shutdown()
  }

  /**
   * Shuts the child down (stdio "Shutdown"): closes its stdin, waits `timeoutMs` (default `shutdownTimeoutMs`),
   * then sends SIGTERM and, after as long again, SIGKILL. Resolves with how it ended (`forced` tells whether
   * a signal was needed); undefined when it was never started.
   */
  async shutdown(options: { timeoutMs?: number } = {}): Promise<ProcessExit | undefined> {
    const child = this.child
    if (!child) {
      this.finish()
      return undefined
    }
    if (this.exitInfo) return this.exitInfo
    this.closing = true
    const timeoutMs = options.timeoutMs ?? this.options.shutdownTimeoutMs ?? 2000
    await this.writes
    child.stdin?.end()
    const exited = this.waitForExit()
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      if (await settlesWithin(exited, timeoutMs)) break
      this.forced = true
      killTree(child, signal)
    }
    return exited
  }
}

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  try {
    return await Promise.race([promise.then(() => true), timeout])
  } finally {
    clearTimeout(timer)
  }
}
