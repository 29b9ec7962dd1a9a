import {
  ErrorCode,
  type HandleOptions,
  type HandleResult,
  type McpServer,
  ProtocolError,
  type ServerSession,
} from '@edgemcp/core'

/**
 * Makes `server` create its sessions with the id `next()` gives (the one the Worker minted and routed on),
 * so the session's id names the Durable Object it lives in. Until the transports take a session-id
 * option, this is the one place to do it: both Streamable HTTP and legacy SSE call `createSession()`.
 */
export function mintSessionIds(server: McpServer, next: () => string | undefined): void {
  const create = server.createSession.bind(server)
  server.createSession = (id?: string): ServerSession => create(id ?? next())
}

/**
 * Runs `after` once `server.handle` has settled each message, whatever the transport: the point where a
 * request has changed its session (log level, subscriptions) and the change must reach storage.
 */
export function afterHandle(
  server: McpServer,
  after: (value: unknown, options: HandleOptions, result: HandleResult) => HandleResult,
): void {
  const handle = server.handle.bind(server)
  server.handle = async (value: unknown, options: HandleOptions = {}): Promise<HandleResult> =>
    after(value, options, await handle(value, options))
}

/** The id of a single JSON-RPC response (the client's answer to a server→client request). */
export function answeredId(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const v = value as Record<string, unknown>
  if ('method' in v || !('result' in v || 'error' in v)) return undefined
  return typeof v.id === 'string' || typeof v.id === 'number' ? String(v.id) : undefined
}

/** The answer to a client's response whose request died with an earlier instance of the session object. */
export function lostRequestResult(id: string, method: string): HandleResult {
  const error = new ProtocolError(
    ErrorCode.InvalidRequest,
    `No request is waiting for this answer: ${method} (id ${id}) was sent by an earlier instance of this ` +
      'session (the server restarted or the request timed out); the tool call that asked for it has ended, retry it',
  )
  return { body: error.toResponse(null), status: 400, era: 'legacy' }
}
