import { McpLocalError } from '@edgemcp/core'

/** An HTTP request of the SSE client failed with a non-2xx status. */
export class SseHttpError extends McpLocalError {
  override readonly name = 'SseHttpError'
  constructor(
    readonly status: number,
    message: string,
    readonly body = '',
  ) {
    super('transport', message)
  }
}

/**
 * The HTTP status an error of a client transport reports: `status` or `statusCode`, a `code` in the HTTP
 * range (as other transports' HTTP errors carry it), or `HTTP nnn` in the message.
 */
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const e = error as { status?: unknown; statusCode?: unknown; code?: unknown; message?: unknown }
  for (const v of [e.status, e.statusCode, e.code])
    if (typeof v === 'number' && Number.isInteger(v) && v >= 100 && v <= 599) return v
  const m = typeof e.message === 'string' ? /\bHTTP (\d{3})\b/.exec(e.message) : null
  return m ? Number(m[1]) : undefined
}
