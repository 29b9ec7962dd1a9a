import { McpHttpError, McpLocalError } from '@edgemcp/core'
import type { StreamState } from './options.js'
import { sleep } from './read-sse.js'

export interface ReconnectContext {
  attempts: number
  /** The endpoint, for error messages. */
  url: string
  /** Delay until the server has sent `retry`. */
  delayMs: number
  /** Aborts when the transport closes. */
  closing: AbortSignal
  /** The legacy session id; undefined once closed or expired. */
  sessionId(): string | undefined
  /** GET with the stream's Last-Event-ID. */
  get(state: StreamState): Promise<Response>
  expire(sessionId: string): Error
  report(error: Error): void
}

const describe = (e: unknown) => (e instanceof Error ? e.message : String(e))

/**
 * Resumes a dropped SSE stream (2025-11-25 "Resumability and Redelivery"): waits `retry` ms, then GETs with
 * `Last-Event-ID`, a few attempts. Undefined when the stream cannot come back (session gone, 405, 409, …);
 * `'exhausted'` when every attempt failed (the server unreachable or failing): it may come back later.
 */
export async function reconnect(
  state: StreamState,
  ctx: ReconnectContext,
): Promise<Response | 'exhausted' | undefined> {
  for (let i = 0; i < ctx.attempts; i++) {
    await sleep(state.retryMs ?? ctx.delayMs, ctx.closing)
    const sessionId = ctx.sessionId()
    if (ctx.closing.aborted || state.controller.signal.aborted || !sessionId) return undefined
    try {
      const response = await ctx.get(state)
      if (response.ok && response.headers.get('content-type')?.includes('text/event-stream')) return response
      await response.body?.cancel()
      if (response.status === 404) {
        ctx.report(ctx.expire(sessionId))
        return undefined
      }
      if (response.status === 405 || response.status === 409) return undefined
      // Credentials refused: say so, and stop knocking.
      if (response.status === 401 || response.status === 403) {
        ctx.report(
          new McpHttpError({
            status: response.status,
            statusText: response.statusText,
            headers: response.headers,
            method: 'GET',
            url: ctx.url,
          }),
        )
        return undefined
      }
      // An unknown or expired cursor: a standalone stream can start afresh; a request's stream cannot.
      if (response.status === 400) {
        if (!state.standalone) return undefined
        state.lastEventId = undefined
      }
    } catch (e) {
      if (state.controller.signal.aborted) return undefined
      ctx.report(
        new McpLocalError('transport', `Reconnecting the SSE stream failed: ${describe(e)}`, { cause: e }),
      )
    }
  }
  return 'exhausted'
}
