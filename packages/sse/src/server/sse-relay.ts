import type { RequestAuth, SessionStore } from '@edgemcp/streamable-http'

/**
 * Delivers a message POSTed for an SSE session to the instance that holds the session's stream; resolves
 * true when that instance took it.
 */
export type SseMessageReceiver = (
  sessionId: string,
  message: unknown,
  auth: RequestAuth | undefined,
) => Promise<boolean>

/**
 * A session store for the legacy transport. An SSE session is served where its event stream is open; the two
 * optional methods let a store shared by several instances (e.g. @edgemcp/redis) pass a message POSTed to any
 * instance on to that one. Without them a POST reaching an instance that does not hold the stream gets 404.
 */
export interface SseSessionStore extends SessionStore {
  /**
   * Optional: hands a message (already parsed and checked) POSTed here for a session whose stream another
   * instance holds to that instance. True when it took the message (the POST gets 202), false when no
   * instance holds the stream (404).
   */
  forwardMessage?: SseMessageReceiver
  /** Optional: the SSE endpoint registers where messages forwarded to this instance go. */
  receiveMessages?(receive: SseMessageReceiver): void
}
