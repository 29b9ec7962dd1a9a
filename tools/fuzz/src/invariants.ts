import { isObject } from '@edgemcp/core/internal'
import type { Reply } from './read-reply.js'
import { bodyProblems, messageProblems } from './validate.js'

/** Statuses a transport may answer hostile input with (403 only when the request carried an Origin). */
export const DEFINED_STATUSES: ReadonlySet<number> = new Set([200, 202, 400, 404, 405, 406, 409, 413, 415])

export interface SentRequest {
  method: string
  headers: Headers
  /** The JSON value sent, when the body was sent uncorrupted (undefined otherwise). */
  value: unknown
}

const brief = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v)
  return s.length > 60 ? `${s.slice(0, 40)}…(${s.length} chars)` : s
}
const validId = (v: unknown) => typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v))

/**
 * The invariants of one reply: never 5xx; a defined status; a 4xx carries a JSON-RPC error; a 200 carries
 * well-formed JSON-RPC (one message, a batch answer, or SSE events of messages); an answer to a single request
 * with a valid id carries that id (an error refused before the body was read may carry none, or null).
 */
export function replyProblems(reply: Reply, sent: SentRequest): string[] {
  const p = [...reply.problems]
  const s = reply.status
  if (s >= 500) return [...p, `status ${s}: ${reply.text.slice(0, 200)}`]
  const allowed = DEFINED_STATUSES.has(s) || (s === 403 && sent.headers.has('origin'))
  if (!allowed) p.push(`undefined status ${s}: ${reply.text.slice(0, 200)}`)
  if (sent.method === 'HEAD') return p
  if (s >= 400) {
    if (reply.kind !== 'json' || !isObject(reply.json) || !('error' in reply.json))
      p.push(`status ${s} without a JSON-RPC error body (${reply.kind}): ${reply.text.slice(0, 200)}`)
    else p.push(...bodyProblems(reply.json))
  } else if (s === 200) {
    if (reply.kind === 'json') p.push(...bodyProblems(reply.json))
    else if (reply.kind === 'sse') for (const m of reply.messages) p.push(...messageProblems(m))
    else if (sent.method !== 'DELETE') p.push(`200 with a ${reply.kind} body: ${reply.text.slice(0, 200)}`)
  } else if (s === 202 && reply.kind === 'json') p.push(`202 with a JSON body: ${reply.text.slice(0, 200)}`)

  // The id of the answer to a single request is the request's.
  const v = sent.value
  if (isObject(v) && typeof v.method === 'string' && validId(v.id)) {
    const answers = reply.kind === 'json' ? [reply.json] : reply.kind === 'sse' ? reply.messages : []
    for (const a of answers) {
      if (!isObject(a) || !('result' in a || 'error' in a)) continue
      const ok = a.id === v.id || ('error' in a && (a.id === null || a.id === undefined))
      if (!ok) p.push(`answer id ${brief(a.id)} for request id ${brief(v.id)}`)
    }
  }
  return p
}
