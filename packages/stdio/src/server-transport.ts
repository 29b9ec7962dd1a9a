import type { Readable, Writable } from 'node:stream'
import {
  ConnectionClosedError,
  encodeMessage,
  type JsonRpcMessage,
  parseError,
  type Transport,
} from '@edgemcp/core'
import { LineSplitter } from './line-splitter.js'
import { writeLine } from './write-line.js'

export interface StdioServerTransportOptions {
  /** Where messages come from. Default `process.stdin`. */
  stdin?: Readable
  /** Where messages go. Default `process.stdout`. */
  stdout?: Writable
  /** Longest line accepted, in characters (a guard against a peer that never sends a newline). Default 64 MiB. */
  maxLineLength?: number
}

/**
 * The server end of the stdio transport (2026-07-28 basic/transports/stdio): reads newline-delimited JSON-RPC
 * from stdin and writes it to stdout. A line that is not JSON is answered with a parse error (-32700, id null)
 * and reading goes on. The end of stdin closes the transport.
 *
 * @example
 * const server = new McpServer({ name: 'files', version: '1.0.0' })
 * await server.connect(new StdioServerTransport())
 */
export class StdioServerTransport implements Transport {
  onmessage?: ((message: unknown) => void) | undefined
  onclose?: (() => void) | undefined
  onerror?: ((error: Error) => void) | undefined
  private readonly stdin: Readable
  private readonly stdout: Writable
  private readonly maxLineLength: number
  private readonly splitter = new LineSplitter()
  private started = false
  private closed = false
  private writes: Promise<void> = Promise.resolve()

  constructor(options: StdioServerTransportOptions = {}) {
    this.stdin = options.stdin ?? process.stdin
    this.stdout = options.stdout ?? process.stdout
    this.maxLineLength = options.maxLineLength ?? 64 * 1024 * 1024
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('StdioServerTransport already started')
    this.started = true
    this.stdin.on('data', this.onData)
    this.stdin.on('end', this.onEnd)
    this.stdin.on('error', this.onStreamError)
    this.stdout.on('error', this.onStreamError)
    this.stdin.resume()
  }

  private readonly onData = (chunk: Buffer | string): void => {
    for (const line of this.splitter.push(chunk)) this.deliver(line)
    if (this.splitter.pending > this.maxLineLength) {
      this.splitter.end()
      this.replyParseError(`line longer than ${this.maxLineLength} characters`)
    }
  }

  private readonly onEnd = (): void => {
    for (const line of this.splitter.end()) this.deliver(line)
    // Stdin closed: the client is shutting us down (stdio "Shutdown"). Let queued replies drain first.
    void this.writes.then(() => this.close())
  }

  private readonly onStreamError = (error: Error): void => {
    // EPIPE and friends: the client is gone, nothing more can be written.
    this.onerror?.(error)
    void this.close()
  }

  private deliver(line: string): void {
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch (e) {
      this.replyParseError(e instanceof Error ? e.message : undefined)
      return
    }
    this.onmessage?.(value)
  }

  /** JSON-RPC 2.0 §5: when the id cannot be read, the error response carries `"id": null`. */
  private replyParseError(detail: string | undefined): void {
    const message = { jsonrpc: '2.0' as const, id: null, error: parseError(detail).toErrorObject() }
    this.send(message).catch((e: unknown) => this.onerror?.(e as Error))
  }

  /** Writes one message (or a batch) as a single line; resolves once the stream accepted it. */
  send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.closed) return Promise.reject(new ConnectionClosedError('stdio transport is closed'))
    const line = `${encodeMessage(message)}\n`
    // Serialise writes so backpressure on one never reorders the next.
    const next = this.writes.then(() => writeLine(this.stdout, line))
    this.writes = next.catch(() => {})
    return next
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.stdin.off('data', this.onData)
    this.stdin.off('end', this.onEnd)
    this.stdin.off('error', this.onStreamError)
    this.stdout.off('error', this.onStreamError)
    // Pausing (not destroying) lets the process exit once nothing else holds the event loop.
    this.stdin.pause()
    this.onclose?.()
  }
}
