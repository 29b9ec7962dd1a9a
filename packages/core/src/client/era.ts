import { ErrorCode } from '../errors/codes.js'
import { ConnectionClosedError, McpLocalError } from '../errors/local-error.js'
import { ProtocolError } from '../errors/protocol-error.js'
import {
  LATEST_LEGACY_VERSION,
  LEGACY_VERSIONS,
  MODERN_VERSIONS,
  type LegacyVersion,
  type ModernVersion,
} from '../protocol/versions.js'
import type { JsonObject } from './types.js'
import { isStringArray } from '../protocol/json.js'

/** How a `server/discover` probe ended. */
export type ProbeOutcome = { ok: true; result: JsonObject } | { ok: false; error: unknown }

/** What to do after a probe (2026-07-28 basic/versioning "Backward Compatibility", transports/stdio). */
export type EraDecision =
  | { next: 'modern'; version: ModernVersion; discovered: JsonObject }
  | { next: 'retry'; version: ModernVersion }
  | { next: 'legacy'; version: LegacyVersion; reason: string }
  | { next: 'fail'; error: Error }

/** Modern JSON-RPC errors that only a modern server sends: they mean "modern, but fix the request". */
const MODERN_ERRORS: ReadonlySet<number> = new Set([
  ErrorCode.HeaderMismatch,
  ErrorCode.MissingRequiredClientCapability,
  ErrorCode.UnsupportedProtocolVersion,
])

/** The `supported` list of an UnsupportedProtocolVersionError, when the error is one with a usable list. */
export function supportedVersionsOf(error: unknown): string[] | undefined {
  if (!(error instanceof ProtocolError) || error.code !== ErrorCode.UnsupportedProtocolVersion)
    return undefined
  const data = error.data as { supported?: unknown } | undefined
  const list = data?.supported
  return isStringArray(list) ? list : undefined
}

/** True for an error that identifies a modern server (a recognized modern error with its expected data). */
export function isRecognizedModernError(error: unknown): error is ProtocolError {
  if (!(error instanceof ProtocolError) || !MODERN_ERRORS.has(error.code)) return false
  if (error.code === ErrorCode.UnsupportedProtocolVersion) return supportedVersionsOf(error) !== undefined
  return true
}

/** Our modern versions the server also supports, newest first, minus those already tried. */
export function mutualModern(supported: readonly string[], tried: ReadonlySet<string>): ModernVersion[] {
  return MODERN_VERSIONS.filter((v) => supported.includes(v) && !tried.has(v))
}

/** The newest legacy version both sides support. */
export function mutualLegacy(supported: readonly string[]): LegacyVersion | undefined {
  return LEGACY_VERSIONS.find((v) => supported.includes(v))
}

const describe = (error: unknown): string =>
  error instanceof ProtocolError
    ? `error ${error.code} (${error.message})`
    : error instanceof Error
      ? error.message
      : String(error)

/**
 * Decides the era from a `server/discover` probe sent with `requested`:
 * - a result: the server is modern (switch to a listed version if ours is not listed but another one is);
 * - UnsupportedProtocolVersionError with `supported`: modern; retry with a mutual modern version, else use a
 *   mutual legacy version the server lists, else fail;
 * - another recognized modern error: modern, and the request must be fixed: fail;
 * - a closed connection: fail (nothing to fall back on);
 * - anything else (any other error code, a timeout, a transport failure such as an HTTP 400 without a
 *   modern body): a legacy server, fall back to `initialize`. Never keyed to one error code.
 */
export function decideEra(
  outcome: ProbeOutcome,
  requested: ModernVersion,
  tried: ReadonlySet<string>,
): EraDecision {
  if (outcome.ok) {
    const listed = outcome.result.supportedVersions
    if (Array.isArray(listed) && !listed.includes(requested)) {
      const other = mutualModern(listed as string[], tried)[0]
      if (other) return { next: 'retry', version: other }
    }
    return { next: 'modern', version: requested, discovered: outcome.result }
  }
  const { error } = outcome
  if (error instanceof ConnectionClosedError) return { next: 'fail', error }
  if (error instanceof McpLocalError && error.kind === 'aborted') return { next: 'fail', error }
  const supported = supportedVersionsOf(error)
  if (supported) {
    const modern = mutualModern(supported, new Set([...tried, requested]))[0]
    if (modern) return { next: 'retry', version: modern }
    const legacy = mutualLegacy(supported)
    if (legacy) return { next: 'legacy', version: legacy, reason: `server supports ${supported.join(', ')}` }
    return {
      next: 'fail',
      error: new McpLocalError(
        'remote',
        `No mutually supported protocol version: the server supports ${supported.join(', ')}; this client supports ${[...MODERN_VERSIONS, ...LEGACY_VERSIONS].join(', ')}`,
        { cause: error },
      ),
    }
  }
  if (isRecognizedModernError(error)) return { next: 'fail', error }
  return { next: 'legacy', version: LATEST_LEGACY_VERSION, reason: describe(error) }
}
