import {
  isSupportedVersion,
  LATEST_LEGACY_VERSION,
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
