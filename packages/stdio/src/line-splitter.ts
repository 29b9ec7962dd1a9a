import { StringDecoder } from 'node:string_decoder'

/**
 * Splits a byte stream into lines (stdio framing: one JSON-RPC message per line, 2026-07-28
 * basic/transports/stdio). Multi-byte UTF-8 characters split across chunks are kept whole; `\r\n` endings
 * are accepted; blank lines are skipped.
 */
export class LineSplitter {
  private readonly decoder = new StringDecoder('utf8')
  private buffer = ''

  /** Feeds a chunk and returns the complete lines it finished. */
  push(chunk: Buffer | string): string[] {
    this.buffer += typeof chunk === 'string' ? chunk : this.decoder.write(chunk)
    const lines: string[] = []
    let start = 0
    for (let nl = this.buffer.indexOf('\n'); nl !== -1; nl = this.buffer.indexOf('\n', start)) {
      const line = trimCarriageReturn(this.buffer.slice(start, nl))
      if (line.trim() !== '') lines.push(line)
      start = nl + 1
    }
    this.buffer = this.buffer.slice(start)
    return lines
  }

  /** Ends the stream: returns the last line when it had no newline. */
  end(): string[] {
    const rest = trimCarriageReturn(this.buffer + this.decoder.end())
    this.buffer = ''
    return rest.trim() === '' ? [] : [rest]
  }

  /** Characters received after the last newline (to bound memory on a peer that never ends a line). */
  get pending(): number {
    return this.buffer.length
  }
}

const trimCarriageReturn = (line: string): string => (line.endsWith('\r') ? line.slice(0, -1) : line)
