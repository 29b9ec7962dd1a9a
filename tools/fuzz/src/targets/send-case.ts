import { type FuzzCase, type RenderContext, render, type SessionRef } from '../arbitraries/case.js'
import { replyProblems } from '../invariants.js'
import { readReply, type Reply } from '../read-reply.js'
import { READ, type Send } from './target.js'

/** A control character other than tab: HTTP header values cannot carry it. */
const isControl = (ch: string) => {
  const code = ch.charCodeAt(0)
  return (code < 0x20 && code !== 0x09) || code === 0x7f
}

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

/** The JSON value the server received (placeholders expanded), when the body parses. */
function sentValue(body: Uint8Array | undefined): unknown {
  if (body === undefined) return undefined
  try {
    return JSON.parse(new TextDecoder().decode(body))
  } catch {
    return undefined
  }
}

export interface SendOptions {
  /** Headers a real HTTP client cannot send (fetch refuses them): dropped. */
  dropHeaders?: readonly string[]
  /** The session id goes in `?sessionId=` instead of the header (legacy HTTP+SSE). */
  sessionInQuery?: boolean
  /** Real HTTP: control characters cannot be sent in header values (fetch refuses); they become '?'. */
  wireSafe?: boolean
}

/** Renders a case, sends it to `path`, reads the reply and checks the reply invariants. */
export async function sendCase(
  send: Send,
  path: string,
  c: FuzzCase,
  ctx: RenderContext,
  o: SendOptions = {},
): Promise<{ reply: Reply; problems: string[]; head: string }> {
  const r = render(c, ctx)
  for (const h of o.dropHeaders ?? []) r.headers.delete(h)
  if (o.wireSafe)
    for (const [name, value] of [...r.headers])
      r.headers.set(name, [...value].map((ch) => (isControl(ch) ? '?' : ch)).join(''))
  let url = path
  if (o.sessionInQuery) {
    const sid = r.headers.get('mcp-session-id')
    r.headers.delete('mcp-session-id')
    if (sid !== null) url += `${url.includes('?') ? '&' : '?'}sessionId=${encodeURIComponent(sid)}`
  }
  const abort = new AbortController()
  const init: RequestInit = { method: r.method, headers: r.headers, signal: abort.signal }
  if (r.body !== undefined) init.body = r.body as Uint8Array<ArrayBuffer>
  let res: Response
  try {
    res = await send(url, init)
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause
    throw new Error(`request failed: ${(e as Error).message} (${cause?.code ?? ''} ${cause?.message ?? ''})`)
  }
  const reply = await readReply(res, READ)
  abort.abort()
  const clean = c.body.text === null && c.body.bytes === null && c.body.oversize === null
  return {
    reply,
    head: r.body === undefined ? '' : new TextDecoder().decode(r.body.subarray(0, 16)),
    problems: replyProblems(reply, {
      method: r.method,
      headers: r.headers,
      value: clean ? sentValue(r.body) : undefined,
    }),
  }
}
