import { McpLocalError } from '@edgemcp/core'

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
