import { isObject } from './json.js'

/** Reserved `_meta` keys (2026-07-28 basic/index "_meta"), e.g. `io.modelcontextprotocol/protocolVersion`. */
const RESERVED = 'io.modelcontextprotocol/'
export const META_PROTOCOL_VERSION = `${RESERVED}protocolVersion` as const
export const META_CLIENT_INFO = `${RESERVED}clientInfo` as const
export const META_CLIENT_CAPABILITIES = `${RESERVED}clientCapabilities` as const
export const META_LOG_LEVEL = `${RESERVED}logLevel` as const
export const META_SERVER_INFO = `${RESERVED}serverInfo` as const
export const META_SUBSCRIPTION_ID = `${RESERVED}subscriptionId` as const

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
