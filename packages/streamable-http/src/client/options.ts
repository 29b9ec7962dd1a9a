import type { AuthProvider, RequestId, ResponseLimits } from '@edgemcp/core'
import type { SessionExpiredError } from './errors.js'
import type { StreamCursor } from './read-sse.js'

/**
 * Options of the client transport. `maxMessageBytes` (default 4 MiB) bounds a JSON answer and each SSE event;
 * `maxHeaderBytes` (default 64 KiB) a response's headers: past them the message is refused with
 * ResponseTooLargeError.
 */
export interface StreamableHttpClientTransportOptions extends ResponseLimits {
  /** The fetch to use (default: global fetch). */
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>
  /** Headers sent with every HTTP request. */
  headers?: Record<string, string>
  /** Called before every HTTP request for fresh auth headers (e.g. `{ Authorization: 'Bearer …' }`). */
  authHeaders?: () => Record<string, string> | Promise<Record<string, string>>
  /**
   * Authorizes every request and reacts to 401/403 (log in, refresh, step up), retrying the request once
   * (e.g. `createOAuthProvider(...)` from `@edgemcp/auth/client`).
   */
  authProvider?: AuthProvider | undefined
  /** `MCP-Protocol-Version` to send before `setProtocolVersion` is called. */
  protocolVersion?: string
  /** Resume a known legacy session. */
  sessionId?: string
  /** Delay before resuming a dropped SSE stream, until the server sends `retry`. Default 1000 ms. */
  reconnectDelayMs?: number
  /**
   * Failed reconnection attempts before giving a stream up. Default 3. A standalone stream given up this way
   * is reopened (resuming where it was) once a request of the session succeeds again. Also how many times an
   * answer to a server's request that was refused with 503 is sent again, each after the `Retry-After` asked.
   */
  maxReconnectAttempts?: number
  /** The server forgot our legacy session (404): re-initialize here. Called once per lost session. */
  onSessionExpired?: (error: SessionExpiredError) => void | Promise<void>
  /** Non-fatal notices (e.g. a tool dropped for an invalid x-mcp-header). */
  onWarning?: (message: string) => void
}

export interface StreamState extends StreamCursor {
  /** Request ids still waiting for their response on this stream. */
  pending: Set<RequestId>
  standalone: boolean
  /** Legacy era: the stream can be resumed with Last-Event-ID. */
  resumable: boolean
  /** The answer is an SSE stream being read (not a JSON body, not headers still awaited). */
  sse: boolean
  /** Closes a legacy stream whose requests were all abandoned, after a grace period. */
  graceTimer?: ReturnType<typeof setTimeout> | undefined
  controller: AbortController
}
