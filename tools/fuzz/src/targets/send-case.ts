import { type FuzzCase, type RenderContext, render, type SessionRef } from '../arbitraries/case.js'
import { replyProblems } from '../invariants.js'
import { readReply, type Reply } from '../read-reply.js'
import { READ, type Send } from './target.js'

export const UNKNOWN_SESSION = 'f'.repeat(32)

/** Looks up victim session ids and versions by reference. */
export function renderContext(
  sessions: Partial<Record<'legacy' | 'batch', { id: string; version: string }>>,
  maxBodyBytes: number,
): RenderContext {
  const named = (ref: SessionRef) =>
    typeof ref === 'string' && (ref === 'legacy' || ref === 'batch') ? sessions[ref] : undefined
  return {
    maxBodyBytes,
    sessionId: (ref) =>
      typeof ref === 'object' ? ref.raw : ref === 'unknown' ? UNKNOWN_SESSION : named(ref)?.id,
    sessionVersion: (ref) => named(ref)?.version,
  }
}

export interface SendOptions {
  /** Headers a real HTTP client cannot send (fetch refuses them): dropped. */
  dropHeaders?: readonly string[]
  /** The session id goes in `?sessionId=` instead of the header (legacy HTTP+SSE). */
  sessionInQuery?: boolean
}

/** Renders a case, sends it to `path`, reads the reply and checks the reply invariants. */
export async function sendCase(
  send: Send,
  path: string,
  c: FuzzCase,
  ctx: RenderContext,
  o: SendOptions = {},
): Promise<{ reply: Reply; problems: string[] }> {
  const r = render(c, ctx)
  for (const h of o.dropHeaders ?? []) r.headers.delete(h)
  let url = path
  if (o.sessionInQuery) {
    const sid = r.headers.get('mcp-session-id')
    r.headers.delete('mcp-session-id')
    if (sid !== null) url += `${url.includes('?') ? '&' : '?'}sessionId=${encodeURIComponent(sid)}`
  }
  const abort = new AbortController()
  const init: RequestInit = { method: r.method, headers: r.headers, signal: abort.signal }
  if (r.body !== undefined) init.body = r.body as Uint8Array<ArrayBuffer>
  const res = await send(url, init)
  const reply = await readReply(res, READ)
  abort.abort()
  const clean = c.body.text === null && c.body.bytes === null && c.body.oversize === null
  return {
    reply,
    problems: replyProblems(reply, {
      method: r.method,
      headers: r.headers,
      value: clean ? r.value : undefined,
    }),
  }
}
