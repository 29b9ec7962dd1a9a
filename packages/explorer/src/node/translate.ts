import type { JsonObject, McpClient } from '@edgemcp/core'

const PREFIX = 'io.modelcontextprotocol/'

/**
 * One JSON-RPC message of the page (2026-07-28, `_meta` per request) as a call of the connected client, which
 * speaks whatever era the target does: `server/discover` is answered from the handshake, the page's own
 * `_meta` keys are dropped, notifications are not forwarded. Returns the response, or undefined for none.
 */
export async function translate(client: McpClient, body: unknown): Promise<JsonObject | undefined> {
  const msg = (body && typeof body === 'object' ? body : {}) as JsonObject
  const id = msg.id
  if (typeof id !== 'string' && typeof id !== 'number') return undefined
  const reply = (r: JsonObject) => ({ jsonrpc: '2.0', id, ...r })
  if (msg.jsonrpc !== '2.0' || typeof msg.method !== 'string')
    return reply({ error: { code: -32600, message: 'Invalid Request' } })
  if (msg.method === 'server/discover')
    return reply({
      result: {
        resultType: 'complete',
        supportedVersions: ['2026-07-28'],
        capabilities: client.serverCapabilities ?? {},
        serverInfo: (client.serverInfo ?? { name: 'server', version: '' }) as unknown as JsonObject,
        ...(client.instructions ? { instructions: client.instructions } : {}),
      },
    })
  const params = { ...((msg.params ?? {}) as JsonObject) }
  const meta = { ...((params._meta ?? {}) as JsonObject) }
  for (const k of Object.keys(meta)) if (k.startsWith(PREFIX) || k === 'progressToken') delete meta[k]
  delete params._meta
  if (Object.keys(meta).length) params._meta = meta
  try {
    return reply({ result: await client.request(msg.method, params) })
  } catch (e) {
    const err = e as { code?: unknown; message?: unknown; data?: unknown }
    return reply({
      error: {
        code: typeof err.code === 'number' ? err.code : -32603,
        message: String(err.message ?? e),
        ...(err.data === undefined ? {} : { data: err.data as JsonObject }),
      },
    })
  }
}
