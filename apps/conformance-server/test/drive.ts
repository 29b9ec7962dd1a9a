import type { HandleResult, JsonRpcMessage, McpServer, ServerSession } from '@edgemcp/core'
import { modernMeta } from '@edgemcp/test-helpers'

/** Drives an McpServer through `handle()` the way the conformance harness does over HTTP. */

export const MODERN = '2026-07-28'
export const DEFAULT_CAPS = { sampling: {}, elicitation: {}, roots: { listChanged: true } }

export interface Exchange {
  result: HandleResult
  /** Messages emitted on the request's stream before the response (notifications, server requests). */
  emitted: JsonRpcMessage[]
}

let nextId = 1

/** A stateless 2026-07-28 request with the harness's `_meta`. */
export async function modern(
  server: McpServer,
  method: string,
  params: Record<string, unknown> = {},
  meta: Record<string, unknown> = {},
): Promise<Exchange> {
  const emitted: JsonRpcMessage[] = []
  const result = await server.handle(
    {
      jsonrpc: '2.0',
      id: nextId++,
      method,
      params: {
        ...params,
        _meta: modernMeta({
          'io.modelcontextprotocol/clientInfo': { name: 'test-client', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': DEFAULT_CAPS,
          ...meta,
        }),
      },
    },
    { era: 'modern', emit: (m) => void emitted.push(m) },
  )
  return { result, emitted }
}

/** Opens a 2025-11-25 session like the SDK client (sampling + elicitation capabilities). */
export async function openSession(server: McpServer): Promise<ServerSession> {
  const r = await server.handle({
    jsonrpc: '2.0',
    id: nextId++,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: { sampling: {}, elicitation: {} },
      clientInfo: { name: 'test-client', version: '1.0.0' },
    },
  })
  if (!r.session) throw new Error(`initialize opened no session: ${JSON.stringify(r.body)}`)
  await server.handle({ jsonrpc: '2.0', method: 'notifications/initialized' }, { session: r.session })
  return r.session
}

/**
 * A legacy request on a session. Server→client requests emitted on its stream are answered by `answer`
 * (posted back through handle(), as the SDK client does).
 */
export async function legacy(
  server: McpServer,
  session: ServerSession,
  method: string,
  params: Record<string, unknown> = {},
  answer?: (request: { method: string; params: unknown }) => unknown,
): Promise<Exchange> {
  const emitted: JsonRpcMessage[] = []
  const result = await server.handle(
    { jsonrpc: '2.0', id: nextId++, method, params },
    {
      session,
      emit: (m) => {
        emitted.push(m)
        if ('method' in m && 'id' in m && answer) {
          const reply = { jsonrpc: '2.0', id: m.id, result: answer({ method: m.method, params: m.params }) }
          queueMicrotask(() => void server.handle(reply, { session }))
        }
      },
    },
  )
  return { result, emitted }
}

/** The `result` of a response body, or throws with the body. */
export function resultOf(exchange: Exchange): Record<string, any> {
  const body = exchange.result.body
  if (!body || Array.isArray(body) || !('result' in body))
    throw new Error(`expected a result, got ${JSON.stringify(body)}`)
  return body.result as Record<string, any>
}

/** The `error` of a response body, or throws with the body. */
export function errorOf(exchange: Exchange): { code: number; message: string; data?: any } {
  const body = exchange.result.body
  if (!body || Array.isArray(body) || !('error' in body))
    throw new Error(`expected an error, got ${JSON.stringify(body)}`)
  return body.error
}
