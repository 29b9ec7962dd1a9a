import { StringDecoder } from 'node:string_decoder'

/** Keeps the last `limit` characters a child wrote to stderr, for error messages. */
export class StderrTail {
  private readonly decoder = new StringDecoder('utf8')
  private buffer = ''
  constructor(private readonly limit = 64 * 1024) {}

  push(chunk: Buffer | string): void {
    this.buffer += typeof chunk === 'string' ? chunk : this.decoder.write(chunk)
    if (this.buffer.length > this.limit) this.buffer = this.buffer.slice(-this.limit)
  }

  get text(): string {
    return this.buffer
  }
}
