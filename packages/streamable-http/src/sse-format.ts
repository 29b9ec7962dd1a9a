/** Server-Sent Events wire format (WHATWG HTML "Server-sent events"), the writing side. */

export interface SseFields {
  id?: string | undefined
  event?: string | undefined
  /** The data payload; multi-line text becomes several `data:` lines. An empty string sends `data:` alone. */
  data?: string | undefined
  /** Reconnection time in milliseconds. */
  retry?: number | undefined
}

const singleLine = (name: string, value: string) => {
  if (/[\r\n]/.test(value)) throw new Error(`SSE ${name} must be a single line`)
  return value
}

/** Formats one event; it ends with the blank line that dispatches it. */
export function formatSseEvent(fields: SseFields): string {
  let out = ''
  if (fields.event !== undefined) out += `event: ${singleLine('event', fields.event)}\n`
  if (fields.id !== undefined) out += `id: ${singleLine('id', fields.id)}\n`
  if (fields.retry !== undefined) out += `retry: ${Math.max(0, Math.floor(fields.retry))}\n`
  const data = fields.data
  if (data !== undefined) {
    // Messages are single-line JSON (encodeMessage): no split needed.
    if (!data.includes('\n') && !data.includes('\r')) out += `data: ${data}\n`
    else for (const line of data.split(/\r\n|\r|\n/)) out += `data: ${line}\n`
  }
  return `${out}\n`
}

/** A comment line (keep-alive): clients ignore it. */
export const formatSseComment = (text = ''): string => `: ${text.replace(/[\r\n]/g, ' ')}\n\n`
