/**
 * Local errors: raised inside edgemcp and never sent over the wire as-is (a timeout, a closed transport,
 * misuse of the API). They carry a `kind` so callers can branch without string matching.
 */
/**
 * `http`: the server answered an HTTP request with a 4xx/5xx status (McpHttpError). `auth`: the client could not
 * obtain or present credentials (refused login, hostile authorization metadata).
 */
export type LocalErrorKind =
  | 'timeout'
  | 'closed'
  | 'aborted'
  | 'transport'
  | 'http'
  | 'misuse'
  | 'remote'
  | 'auth'

export class McpLocalError extends Error {
  override readonly name: string = 'McpLocalError'
  declare readonly kind: LocalErrorKind
  constructor(kind: LocalErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.kind = kind
  }
}

export class RequestTimeoutError extends McpLocalError {
  override readonly name = 'RequestTimeoutError'
  constructor(method: string, id: string | number, timeoutMs: number) {
    super('timeout', `Request ${method} (id ${id}) timed out after ${timeoutMs} ms`)
  }
}

export class ConnectionClosedError extends McpLocalError {
  override readonly name = 'ConnectionClosedError'
  constructor(detail = 'Connection closed') {
    super('closed', detail)
  }
}
