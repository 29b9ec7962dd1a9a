import { isObject } from './json.js'

/** Reserved `_meta` keys (2026-07-28 basic/index "_meta"). */
export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion'
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo'
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities'
export const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel'
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo'
export const META_SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId'

export type MetaObject = Record<string, unknown>

export function readMeta(params: Record<string, unknown> | undefined): MetaObject | undefined {
  const meta = params?._meta
  return isObject(meta) ? meta : undefined
}

/** The protocol version a request names in its `_meta`, if any: the mark of a modern-era request. */
export function requestedModernVersion(params: Record<string, unknown> | undefined): string | undefined {
  const v = readMeta(params)?.[META_PROTOCOL_VERSION]
  return typeof v === 'string' ? v : undefined
}
