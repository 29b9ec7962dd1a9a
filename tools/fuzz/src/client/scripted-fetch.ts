import { BodyMeter, declaredLength, meteredBody } from './answer-body.js'
import type { ClientCase, HostileAnswer, Step } from './hostile-answer.js'

type Json = Record<string, unknown>
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

export const SESSION = 'fuzz-session'

const DISCOVERED = {
  resultType: 'complete',
  supportedVersions: ['2026-07-28'],
  capabilities: { tools: {} },
  ttlMs: 0,
  cacheScope: 'private',
}
const INITIALIZED = {
  protocolVersion: '2025-11-25',
  capabilities: { tools: {} },
  serverInfo: { name: 'fuzz-server', version: '1' },
}

/** What a request is, for choosing its answer. */
export interface Seen {
  method: string
  /** The JSON-RPC method of a POSTed request or notification ('' for a response or junk). */
  rpc: string
  /** The JSON-RPC id as JSON text ('null' when none). */
  id: string
  modern: boolean
}

export function describeRequest(method: string, bodyText: string | undefined, headers: Headers): Seen {
  let parsed: unknown
  try {
    parsed = bodyText ? JSON.parse(bodyText) : undefined
  } catch {
    parsed = undefined
  }
  const m = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Json
  return {
    method,
    rpc: typeof m.method === 'string' ? m.method : '',
    id: m.id === undefined ? 'null' : JSON.stringify(m.id),
    modern: headers.get('mcp-protocol-version') === '2026-07-28',
  }
}

/** Whether the case's hostile answer is for this request. */
export function isHostileStep(step: Step, seen: Seen): boolean {
  if (step === 'every') return true
  if (step === 'get') return seen.method === 'GET'
  if (step === 'discover') return seen.rpc === 'server/discover'
  if (step === 'initialize') return seen.rpc === 'initialize'
  return seen.rpc === 'tools/call'
}

/** The well-formed answer of a server that speaks the era of the request: status, headers, body text. */
export function benignAnswer(seen: Seen): { status: number; headers: Record<string, string>; body: string } {
  const json = (result: unknown, headers: Record<string, string> = {}) => ({
    status: 200,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(seen.id), result }),
  })
  if (seen.method === 'GET') return { status: 405, headers: {}, body: '' }
  if (seen.method === 'DELETE') return { status: 200, headers: {}, body: '' }
  if (seen.rpc === 'server/discover') return json(DISCOVERED)
  if (seen.rpc === 'initialize') return json(INITIALIZED, { 'Mcp-Session-Id': SESSION })
  if (seen.rpc === '' || seen.id === 'null') return { status: 202, headers: {}, body: '' }
  const content = { content: [{ type: 'text', text: 'ok' }] }
  return json(seen.modern ? { resultType: 'complete', ...content } : content)
}

/** Response headers of a hostile answer; a value the runtime refuses is left out (that is the runtime's job). */
export function hostileHeaders(answer: HostileAnswer, length: number | undefined): Headers {
  const headers = new Headers()
  for (const [name, value] of answer.headers) {
    try {
      headers.append(name, value)
    } catch {
      // an invalid header value: a real network stack would not deliver it either
    }
  }
  if (length !== undefined) headers.set('Content-Length', String(length))
  return headers
}

const CONSTRUCTIBLE = (s: number) => s >= 200 && s <= 599

/**
 * An in-process MCP server as a fetch: every request gets the well-formed answer, except those the case
 * targets, which get its hostile answer (built on demand, metered).
 */
export function scriptedFetch(c: ClientCase, meter: BodyMeter): FetchLike {
  return async (_input, init = {}) => {
    const method = (init.method ?? 'GET').toUpperCase()
    const headers = new Headers(init.headers)
    const seen = describeRequest(method, typeof init.body === 'string' ? init.body : undefined, headers)
    if (init.signal?.aborted) throw new DOMException('The operation was aborted', 'AbortError')
    if (!isHostileStep(c.step, seen)) {
      const a = benignAnswer(seen)
      return new Response(a.body === '' ? null : a.body, { status: a.status, headers: a.headers })
    }
    const answer = c.answer
    const status = CONSTRUCTIBLE(answer.status) ? answer.status : 200
    const noBody = status === 204 || status === 304
    const body = noBody ? null : meteredBody(answer, seen.id, meter, init.signal ?? undefined)
    return new Response(body, { status, headers: hostileHeaders(answer, declaredLength(answer, seen.id)) })
  }
}

export { BodyMeter }
