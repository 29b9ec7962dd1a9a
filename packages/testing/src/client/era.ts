import {
  isSupportedVersion,
  LATEST_LEGACY_VERSION,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_PROTOCOL_VERSION,
  META_SERVER_INFO,
  SUPPORTED_VERSIONS,
} from '@edgemcp/core'
import type { MCPCapabilities, MCPInitializeResult } from '../types.js'

type Json = Record<string, unknown>

export const DEFAULT_PROTOCOL_VERSION = LATEST_LEGACY_VERSION

/** Checks a protocol choice early, so a typo fails at construction and not as a server error. */
export function checkProtocolChoice(version: string): string {
  if (version === 'auto' || isSupportedVersion(version)) return version
  const known = SUPPORTED_VERSIONS.slice(0, -1).join(', ')
  throw new Error(
    `Unknown protocol version ${JSON.stringify(version)}: use 'auto', ${known} or ${SUPPORTED_VERSIONS.at(-1)}`,
  )
}

/**
 * Params with the 2026-07-28 per-request `_meta` (basic/index "_meta"): protocol version, client
 * capabilities and client info. Keys the caller already set in `_meta` win.
 */
export function withModernMeta(
  params: Json | undefined,
  version: string,
  capabilities: Json,
  clientInfo: Json,
): Json {
  const given = params?._meta
  const meta: Json = {
    [META_PROTOCOL_VERSION]: version,
    [META_CLIENT_CAPABILITIES]: capabilities,
    [META_CLIENT_INFO]: clientInfo,
    ...(typeof given === 'object' && given !== null ? (given as Json) : {}),
  }
  return { ...params, _meta: meta }
}

/** Maps a `server/discover` result onto the shape `initialize()` returns in expect-mcp. */
export function discoverToInitializeResult(version: string, result: Json): MCPInitializeResult {
  const meta = result._meta as Json | undefined
  const info = meta?.[META_SERVER_INFO] as MCPInitializeResult['serverInfo'] | undefined
  const out: MCPInitializeResult = {
    ...result,
    protocolVersion: version,
    capabilities: (result.capabilities ?? {}) as MCPCapabilities,
    serverInfo: info ?? { name: 'unknown', version: 'unknown' },
  }
  if (Array.isArray(result.supportedVersions)) out.supportedVersions = result.supportedVersions as string[]
  return out
}
