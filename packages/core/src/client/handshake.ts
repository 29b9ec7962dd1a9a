import { McpLocalError } from '../errors/local-error.js'
import { META_SERVER_INFO } from '../protocol/meta.js'
import {
  isLegacyVersion,
  isModernVersion,
  LATEST_LEGACY_VERSION,
  MODERN_VERSIONS,
  type LegacyVersion,
  type ModernVersion,
} from '../protocol/versions.js'
import type { Implementation } from '../server/types.js'
import { implementationFor } from '../protocol/implementation.js'
import { decideEra, type ProbeOutcome } from './era.js'
import type { Era, JsonObject, ProtocolChoice, ClientRequestOptions } from './types.js'
import { isObject } from '../protocol/json.js'

/** What the client knows about the server once the era is settled. */
export interface ServerState {
  era: Era
  protocolVersion: string
  serverCapabilities: JsonObject | undefined
  serverInfo: Implementation | undefined
  instructions: string | undefined
  supportedVersions: string[] | undefined
}

export interface HandshakeHost {
  readonly info: Implementation
  /** One wire request spoken in the given era and version. */
  wire(
    method: string,
    params: JsonObject,
    options: ClientRequestOptions & { era: Era; version: string; silentCancel?: boolean },
  ): Promise<JsonObject>
  notifyWire(method: string, params?: JsonObject): Promise<void>
  declaredCapabilities(era: Era, version?: string): JsonObject
  /** Takes the settled state (before `notifications/initialized`, so server requests see the era). */
  adopt(state: ServerState): void
}

export interface HandshakeOptions {
  protocol: ProtocolChoice
  discover: boolean
  probeTimeoutMs: number
  requestTimeoutMs: number
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

/** Legacy `initialize` → `notifications/initialized` (basic/lifecycle of 2024-11-05 … 2025-11-25). */
export async function initializeLegacy(host: HandshakeHost, version: LegacyVersion): Promise<ServerState> {
  const result = await host.wire(
    'initialize',
    {
      protocolVersion: version,
      capabilities: host.declaredCapabilities('legacy', version),
      clientInfo: implementationFor(version, host.info),
    },
    { era: 'legacy', version },
  )
  const chosen = result.protocolVersion
  if (!isLegacyVersion(chosen))
    throw new McpLocalError(
      'remote',
      `The server answered initialize with protocol version ${JSON.stringify(chosen)}, which this client does not support`,
    )
  const state: ServerState = {
    era: 'legacy',
    protocolVersion: chosen,
    serverCapabilities: isObject(result.capabilities) ? result.capabilities : {},
    serverInfo: isObject(result.serverInfo) ? (result.serverInfo as unknown as Implementation) : undefined,
    instructions: str(result.instructions),
    supportedVersions: undefined,
  }
  host.adopt(state)
  await host.notifyWire('notifications/initialized')
  return state
}

function modernState(version: ModernVersion, discovered: JsonObject | undefined): ServerState {
  const meta = discovered?._meta
  const info = isObject(meta) ? meta[META_SERVER_INFO] : undefined
  const listed = discovered?.supportedVersions
  return {
    era: 'modern',
    protocolVersion: version,
    serverCapabilities: isObject(discovered?.capabilities) ? discovered.capabilities : undefined,
    serverInfo: isObject(info) ? (info as unknown as Implementation) : undefined,
    instructions: str(discovered?.instructions),
    supportedVersions: Array.isArray(listed) ? listed.filter((v) => typeof v === 'string') : undefined,
  }
}

/**
 * Probes with `server/discover` (2026-07-28 basic/transports/stdio and streamable-http "Backward
 * Compatibility"), retrying with another modern version on UnsupportedProtocolVersionError. With
 * `allowLegacy` a non-modern answer falls back to `initialize`; without it, it is a clear error.
 */
async function probe(
  host: HandshakeHost,
  first: ModernVersion,
  allowLegacy: boolean,
  timeoutMs: number,
): Promise<ServerState> {
  let version = first
  for (let retried = false; ; retried = true) {
    let outcome: ProbeOutcome
    try {
      const result = await host.wire(
        'server/discover',
        {},
        { era: 'modern', version, timeoutMs, silentCancel: allowLegacy },
      )
      outcome = { ok: true, result }
    } catch (error) {
      outcome = { ok: false, error }
    }
    const decision = decideEra(outcome, version, retried)
    switch (decision.next) {
      case 'modern':
        return modernState(decision.version, decision.discovered)
      case 'retry':
        version = decision.version
        continue
      case 'fail':
        throw decision.error
      case 'legacy':
        if (!allowLegacy)
          throw new McpLocalError(
            'remote',
            `The server does not speak modern MCP (${version}): server/discover failed: ${decision.reason}`,
            { cause: outcome.ok ? undefined : outcome.error },
          )
        return initializeLegacy(host, decision.version)
    }
  }
}

/** Settles the era and version according to the `protocol` option, and hands the state to `host.adopt`. */
export async function handshake(host: HandshakeHost, options: HandshakeOptions): Promise<ServerState> {
  const state = await settle(host, options)
  if (state.era === 'modern') host.adopt(state)
  return state
}

async function settle(host: HandshakeHost, options: HandshakeOptions): Promise<ServerState> {
  const { protocol } = options
  if (protocol === 'legacy') return initializeLegacy(host, LATEST_LEGACY_VERSION)
  if (isLegacyVersion(protocol)) return initializeLegacy(host, protocol)
  const first: ModernVersion = isModernVersion(protocol) ? protocol : (MODERN_VERSIONS[0] as ModernVersion)
  if (protocol === 'auto') return probe(host, first, true, options.probeTimeoutMs)
  if (!isModernVersion(protocol) && protocol !== 'modern')
    throw new McpLocalError('misuse', `Unknown protocol option ${JSON.stringify(protocol)}`)
  if (!options.discover) return modernState(first, undefined)
  return probe(host, first, false, options.requestTimeoutMs)
}
