import { connect } from 'node:net'
import fc from 'fast-check'

/** A request written byte by byte to a socket: what no well-behaved HTTP client would send. */
export interface RawCase {
  /** Declared Content-Length minus the real body length (null: no Content-Length; 'chunked': bad chunks). */
  length: number | null | 'chunked'
  /** Extra header line bytes (may hold invalid UTF-8, NUL, obs-fold...). */
  headerLine: readonly number[]
  body: readonly number[]
  /** Close our side right after writing (the server sees a truncated body), or keep it open. */
  halfClose: boolean
  method: string
}

const junkBytes: fc.Arbitrary<number[]> = fc.oneof(
  fc.uint8Array({ maxLength: 64 }).map((b) => [...b]),
  fc
    .constantFrom([0xff, 0xfe], [0xc0, 0x80], [0x00], [0x20, 0x09], [0x0d], [0x7f, 0x80, 0x81])
    .map((b) => [...b]),
)

export const rawCase: fc.Arbitrary<RawCase> = fc.record({
  length: fc.oneof(fc.integer({ min: -8, max: 64 }), fc.constant(null), fc.constant('chunked' as const)),
  headerLine: fc.oneof(
    { weight: 3, arbitrary: fc.constant<number[]>([]) },
    { weight: 2, arbitrary: junkBytes.map((b) => [...Buffer.from('X-Junk: '), ...b]) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          [...Buffer.from('Mcp-Session-Id: '), 0xff, 0xfe],
          [...Buffer.from('MCP-Protocol-Version: '), 0xc3, 0x28],
          [...Buffer.from(' folded-continuation')],
          [...Buffer.from('Content-Length: 5')],
          [...Buffer.from('Transfer-Encoding: chunked')],
          [...Buffer.from('Accept: '), 0xe2, 0x82],
        )
        .map((b) => [...b]),
    },
  ),
  body: fc.oneof(
    junkBytes,
    fc.constant([...Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}')]),
    fc.constant([...Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"'), 0xff, 0x7d]),
  ),
  halfClose: fc.boolean(),
  method: fc.constantFrom('POST', 'POST', 'GET', 'DELETE', 'P\u00d6ST', 'POST /x'),
})

/** Renders a raw case as the bytes of one HTTP/1.1 request. */
export function rawBytes(c: RawCase, host: string, path = '/'): Buffer {
  const lines = [
    `${c.method} ${path} HTTP/1.1`,
    `Host: ${host}`,
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    'Connection: close',
  ].map((l) => Buffer.from(l, 'latin1'))
  let body = Buffer.from(c.body)
  if (c.length === 'chunked') {
    lines.push(Buffer.from('Transfer-Encoding: chunked'))
    body = Buffer.concat([Buffer.from(`zz${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n')])
  } else if (c.length !== null)
    lines.push(Buffer.from(`Content-Length: ${Math.max(0, body.length + c.length)}`))
  if (c.headerLine.length > 0) lines.push(Buffer.from(c.headerLine.filter((b) => b !== 0x0a)))
  const head = Buffer.concat(lines.flatMap((l) => [l, Buffer.from('\r\n')]))
  return Buffer.concat([head, Buffer.from('\r\n'), body])
}

/**
 * Sends raw bytes and returns the status of the first response (0: the server closed without answering,
 * or did not answer within `timeoutMs`, which is what a server does with a body that never ends).
 */
export function sendRaw(
  port: number,
  bytes: Buffer,
  halfClose: boolean,
  timeoutMs = 500,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    const done = () => {
      clearTimeout(timer)
      socket.destroy()
      const text = Buffer.concat(chunks).toString('latin1')
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(text)
      resolve({ status: m ? Number(m[1]) : 0, text })
    }
    const timer = setTimeout(done, timeoutMs)
    socket.on('data', (d) => chunks.push(d))
    socket.on('error', done)
    socket.on('close', done)
    socket.write(bytes, () => {
      if (halfClose) socket.end()
    })
  })
}
