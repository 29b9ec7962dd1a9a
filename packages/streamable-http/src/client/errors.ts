import { McpLocalError } from '@edgemcp/core'

/** An HTTP exchange failed in a way that is not a JSON-RPC answer (status, unexpected content, network). */
export class StreamableHttpError extends McpLocalError {
  override readonly name = 'StreamableHttpError'
  /** HTTP status, when a response arrived. */
  readonly status: number | undefined
  /** Response body text, when there was one (truncated). */
  readonly body: string | undefined

  constructor(message: string, options: { status?: number; body?: string; cause?: unknown } = {}) {
    super('transport', message, { cause: options.cause })
    this.status = options.status
    this.body = options.body?.slice(0, 2000)
  }
}

/**
 * The server no longer knows the legacy session (HTTP 404 to a request carrying `Mcp-Session-Id`, 2025-11-25
 * basic/transports "Session Management" 4). The transport has forgotten the id: send `initialize` again to
 * start a new session.
 */
export class SessionExpiredError extends McpLocalError {
  override readonly name = 'SessionExpiredError'
  readonly sessionId: string

  constructor(sessionId: string) {
    super('closed', `MCP session ${sessionId} has expired or was terminated; initialize a new session`)
    this.sessionId = sessionId
  }
}
