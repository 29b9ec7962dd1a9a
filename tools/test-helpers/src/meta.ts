/** The revision whose requests carry `_meta` (2026-07-28 basic/index "_meta"). */
export const MODERN = '2026-07-28'

type Json = Record<string, unknown>

/**
 * The `_meta` of a 2026-07-28 request: protocol version, client info and client capabilities; `extra` adds
 * keys (a progress token, a log level) or replaces these (a test of a wrong version).
 */
export function modernMeta(extra: Json = {}): Json {
  return {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': {},
    ...extra,
  }
}

/** `params` with the 2026-07-28 `_meta` (its own `_meta` keys kept, `extra` on top). */
export function withModernMeta(params: Json = {}, extra: Json = {}): Json {
  const own = typeof params._meta === 'object' && params._meta !== null ? (params._meta as Json) : {}
  return { ...params, _meta: modernMeta({ ...own, ...extra }) }
}
