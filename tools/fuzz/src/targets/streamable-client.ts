import { isObject } from '@edgemcp/core/internal'
import { MODERN } from '../server.js'
import { modernMeta } from '../arbitraries/messages.js'
import { readReply } from '../read-reply.js'
import { JSON_HEADERS, nextProbeId, READ, resultText, type Send } from './target.js'

/** Opens a Streamable HTTP legacy session at `path`; returns its id. */
export async function initSession(send: Send, path: string, version: string): Promise<string> {
  const res = await send(path, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: version,
        capabilities: {},
        clientInfo: { name: 'fuzz-victim', version: '1' },
      },
    }),
  })
  const id = res.headers.get('mcp-session-id')
  await res.body?.cancel()
  if (res.status !== 200 || !id) throw new Error(`initialize at ${path} failed: ${res.status}`)
  const ack = await send(path, {
    method: 'POST',
    headers: { ...JSON_HEADERS, 'Mcp-Session-Id': id, 'MCP-Protocol-Version': version },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  })
  await ack.body?.cancel()
  return id
}

async function expectSum(res: Response, id: number, a: number, b: number, label: string): Promise<string[]> {
  const reply = await readReply(res, READ)
  const answer = reply.kind === 'json' ? reply.json : reply.messages.find((m) => isObject(m) && m.id === id)
  const text = resultText(answer)
  if (res.status === 200 && text === String(a + b) && isObject(answer) && answer.id === id) return []
  return [`${label}: well-formed tools/call failed after the case: ${res.status} ${reply.text.slice(0, 300)}`]
}

/** The tool a probe calls: it must answer `String(a + b)`. */
export interface SumTool {
  name: string
  args(a: number, b: number): Record<string, unknown>
}

/** The fuzz server's `add`. */
export const ADD: SumTool = { name: 'add', args: (a, b) => ({ a, b }) }

/** A 2026-07-28 stateless tools/call of the sum tool with mirrored headers. */
export async function probeModern(send: Send, path: string, tool: SumTool = ADD): Promise<string[]> {
  const id = nextProbeId()
  const [a, b] = [id % 97, 1000 + (id % 13)]
  const res = await send(path, {
    method: 'POST',
    headers: {
      ...JSON_HEADERS,
      'MCP-Protocol-Version': MODERN,
      'Mcp-Method': 'tools/call',
      'Mcp-Name': tool.name,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: tool.name, arguments: tool.args(a, b), _meta: modernMeta() },
    }),
  })
  return expectSum(res, id, a, b, `modern probe ${path}`)
}

/** A tools/call of the sum tool in a legacy session. */
export async function probeLegacy(
  send: Send,
  path: string,
  sessionId: string,
  version: string,
  tool: SumTool = ADD,
): Promise<string[]> {
  const id = nextProbeId()
  const [a, b] = [id % 89, 7]
  const res = await send(path, {
    method: 'POST',
    headers: { ...JSON_HEADERS, 'Mcp-Session-Id': sessionId, 'MCP-Protocol-Version': version },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: tool.name, arguments: tool.args(a, b) },
    }),
  })
  return expectSum(res, id, a, b, `legacy probe ${path}`)
}

/** Whether a legacy session still exists (a ping in it is not answered 404). */
export async function sessionAlive(
  send: Send,
  path: string,
  sessionId: string,
  version: string,
): Promise<boolean> {
  const res = await send(path, {
    method: 'POST',
    headers: { ...JSON_HEADERS, 'Mcp-Session-Id': sessionId, 'MCP-Protocol-Version': version },
    body: JSON.stringify({ jsonrpc: '2.0', id: 'alive', method: 'ping' }),
  })
  await res.body?.cancel()
  return res.status !== 404
}
