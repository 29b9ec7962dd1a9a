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
import { isObject, isStringArray } from '../protocol/json.js'
import { McpHttpError } from './http-error.js'

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

/** Our modern versions the server also supports, newest first. */
export function mutualModern(supported: readonly string[]): ModernVersion[] {
  return MODERN_VERSIONS.filter((v) => supported.includes(v))
}

/** The newest legacy version both sides support. */
export function mutualLegacy(supported: readonly string[]): LegacyVersion | undefined {
  return LEGACY_VERSIONS.find((v) => supported.includes(v))
}

/**
 * HTTP statuses with which a legacy server may refuse `server/discover`: a POST without a session (400), an
 * SSE-only endpoint (404, 405), headers it does not know (406, 415), a server that fails on an unknown method
 * (5xx). Others (401, 403, 407, 429, …) say nothing about the era and are the answer: `initialize` would only
 * meet them again (a second 401).
 */
const mayBeLegacy = (status: number): boolean =>
  status === 400 || status === 404 || status === 405 || status === 406 || status === 415 || status >= 500

const describe = (error: unknown): string =>
  error instanceof ProtocolError
    ? `error ${error.code} (${error.message})`
    : error instanceof Error
      ? error.message
      : String(error)

/**
 * Why a `server/discover` result is not a 2026-07-28 DiscoverResult (empty when it is one). A legacy server
 * may answer an unknown method with any result (`{}` is common): only a result with the fields the schema
 * requires of a modern server proves one. `ttlMs` and `cacheScope` are checked when present (they are cache
 * hints: their absence is not taken as proof of a legacy server).
 */
export function discoverResultProblems(result: JsonObject): string[] {
  const problems: string[] = []
  const versions = result.supportedVersions
  if (!isStringArray(versions) || versions.length === 0)
    problems.push('supportedVersions is not a non-empty list of strings')
  if (!isObject(result.capabilities)) problems.push('capabilities is not an object')
  if (result.resultType !== 'complete') problems.push('resultType is not "complete"')
  if (result.ttlMs !== undefined && !(typeof result.ttlMs === 'number' && result.ttlMs >= 0))
    problems.push('ttlMs is not a non-negative number')
  if (result.cacheScope !== undefined && result.cacheScope !== 'private' && result.cacheScope !== 'public')
    problems.push('cacheScope is neither "private" nor "public"')
  if (result.instructions !== undefined && typeof result.instructions !== 'string')
    problems.push('instructions is not a string')
  if (result._meta !== undefined && !isObject(result._meta)) problems.push('_meta is not an object')
  return problems
}

const ALL_VERSIONS = [...MODERN_VERSIONS, ...LEGACY_VERSIONS].join(', ')

/**
 * After UnsupportedProtocolVersionError listing `supported`: retry once with a mutual modern version (the
 * newest one other than `requested`, else `requested` itself: the server may have refused it for another
 * reason, as the conformance suite's server does once), else initialize with a mutual legacy version, else
 * fail. A second refusal after the retry fails.
 */
function fromSupportedList(
  supported: string[],
  requested: ModernVersion,
  retried: boolean,
  cause: unknown,
): EraDecision {
  const modern = mutualModern(supported)
  const fail = (message: string): EraDecision => ({
    next: 'fail',
    error: new McpLocalError('remote', message, { cause }),
  })
  if (modern.length > 0) {
    const next = modern.find((v) => v !== requested) ?? modern[0]
    if (!retried && next) return { next: 'retry', version: next }
    return fail(
      `The server refused protocol version ${requested} again after a retry, although it lists ${supported.join(', ')} as supported; giving up`,
    )
  }
  const legacy = mutualLegacy(supported)
  if (legacy)
    return { next: 'legacy', version: legacy, reason: `the server supports ${supported.join(', ')}` }
  return fail(
    `No mutually supported protocol version: the server supports ${supported.join(', ') || 'none'}; this client supports ${ALL_VERSIONS}`,
  )
}

/**
 * Decides the era from a `server/discover` probe sent with `requested` (`retried`: a version retry was
 * already made; there is one):
 * - a valid DiscoverResult: the server is modern (switch once to a listed version if ours is not listed but
 *   another one is); a result that is not a DiscoverResult (e.g. `{}`): a legacy server, fall back;
 * - UnsupportedProtocolVersionError with `supported`: modern; retry once with a mutual modern version, else
 *   use a mutual legacy version the server lists, else fail;
 * - another recognized modern error: modern, and the request must be fixed: fail;
 * - a closed connection or an aborted probe: fail (nothing to fall back on);
 * - an HTTP refusal that is not about the era (401, 403, 429, …): fail with it, as it is;
 * - anything else (any other error code, a timeout, a transport failure such as an HTTP 400 without a
 *   modern body): a legacy server, fall back to `initialize`. Never keyed to one error code.
 */
export function decideEra(outcome: ProbeOutcome, requested: ModernVersion, retried: boolean): EraDecision {
  if (outcome.ok) {
    const problems = discoverResultProblems(outcome.result)
    if (problems.length > 0)
      return {
        next: 'legacy',
        version: LATEST_LEGACY_VERSION,
        reason: `its answer is not a DiscoverResult (${problems.join('; ')})`,
      }
    const listed = outcome.result.supportedVersions as string[]
    const other = mutualModern(listed)[0]
    if (!listed.includes(requested) && other && !retried) return { next: 'retry', version: other }
    return { next: 'modern', version: requested, discovered: outcome.result }
  }
  const { error } = outcome
  if (error instanceof ConnectionClosedError) return { next: 'fail', error }
  // Aborted, or the auth provider could not log in: nothing a legacy handshake would change.
  if (error instanceof McpLocalError && (error.kind === 'aborted' || error.kind === 'auth'))
    return { next: 'fail', error }
  if (error instanceof McpHttpError && !mayBeLegacy(error.status)) return { next: 'fail', error }
  const supported = supportedVersionsOf(error)
  if (supported) return fromSupportedList(supported, requested, retried, error)
  if (isRecognizedModernError(error)) return { next: 'fail', error }
  return { next: 'legacy', version: LATEST_LEGACY_VERSION, reason: describe(error) }
}
