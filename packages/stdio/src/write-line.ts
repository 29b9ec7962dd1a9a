import type { Writable } from 'node:stream'
import { ConnectionClosedError } from '@edgemcp/core'

/** Writes a line and honours backpressure: resolves when the data is flushed or buffered below the mark. */
export function writeLine(stream: Writable, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (stream.destroyed || stream.writableEnded) {
      reject(new ConnectionClosedError('the output stream is closed'))
      return
    }
    const ok = stream.write(line, (error) => {
      if (error) reject(error)
      else if (ok) resolve()
    })
    if (!ok) stream.once('drain', () => resolve())
  })
}
