import {
  ErrorCode,
  isLegacyVersion,
  isModernVersion,
  LATEST_LEGACY_VERSION,
  LATEST_VERSION,
} from '@edgemcp/core'
import { ProtocolError } from '../errors.js'
import type { MCPInitializeResult } from '../types.js'
import { discoverToInitializeResult, withModernMeta } from './era.js'
import type { RpcPeer } from './rpc-peer.js'

type Json = Record<string, unknown>

export interface HandshakeInput {
  version: string
  capabilities: Json
  clientInfo: Json
}

export interface Handshake {
  version: string
  result: MCPInitializeResult
  raw: Json
  requestId: string | number
}

/** Legacy `initialize` + `notifications/initialized` (basic/lifecycle, 2024-11-05 … 2025-11-25). */
export async function initializeLegacy(peer: RpcPeer, input: HandshakeInput): Promise<Handshake> {
  const { id, result } = await peer.call('initialize', {
    protocolVersion: input.version,
    capabilities: input.capabilities,
    clientInfo: input.clientInfo,
  })
  const chosen = result.protocolVersion
  if (!isLegacyVersion(chosen))
    throw new Error(
      `The server answered initialize with protocol version ${JSON.stringify(chosen)}, which is not a legacy revision this client speaks`,
    )
  await peer.notify('notifications/initialized')
  return { version: chosen, result: result as unknown as MCPInitializeResult, raw: result, requestId: id }
}

/** 2026-07-28: `initialize()` maps onto `server/discover` (server/discover, basic/versioning). */
export async function discoverModern(
  peer: RpcPeer,
  input: HandshakeInput,
  timeoutMs?: number,
): Promise<Handshake> {
  const { id, result } = await peer.call(
    'server/discover',
    withModernMeta(undefined, input.version, input.capabilities, input.clientInfo),
    timeoutMs,
  )
  const supported = result.supportedVersions
  if (Array.isArray(supported) && !supported.includes(input.version))
    throw new Error(
      `The server does not support protocol version ${input.version}; server/discover lists ${supported.join(', ')}`,
    )
  return {
    version: input.version,
    result: discoverToInitializeResult(input.version, result),
    raw: result,
    requestId: id,
  }
}

/**
 * `'auto'`: probe with `server/discover` at the latest modern revision and fall back to `initialize` when the
 * server is legacy (2026-07-28 basic/transports/stdio "Backward Compatibility": any error other than a
 * recognised modern one, or no answer, means legacy).
 */
export async function negotiateAuto(
  peer: RpcPeer,
  input: HandshakeInput,
  probeTimeoutMs: number,
): Promise<Handshake> {
  try {
    return await discoverModern(peer, { ...input, version: LATEST_VERSION }, probeTimeoutMs)
  } catch (e) {
    if (e instanceof ProtocolError && e.code === ErrorCode.UnsupportedProtocolVersion) {
      const listed = (e.data as Json | undefined)?.supported
      const versions = Array.isArray(listed) ? listed.filter((v): v is string => typeof v === 'string') : []
      const modern = versions.find((v) => isModernVersion(v))
      if (modern) return discoverModern(peer, { ...input, version: modern })
      const legacy = versions.find((v) => isLegacyVersion(v))
      return initializeLegacy(peer, { ...input, version: legacy ?? LATEST_LEGACY_VERSION })
    }
    // Any other error, no answer, or a transport that refused the probe (an HTTP 404/405 before a fallback
    // to SSE): the server is legacy.
    return initializeLegacy(peer, { ...input, version: LATEST_LEGACY_VERSION })
  }
}
