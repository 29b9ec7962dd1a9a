import { INVALID_PARAMS, RESOURCE_NOT_FOUND } from '../errors/codes.js'

/**
 * Protocol revisions and era rules.
 * Legacy era: 2024-11-05 … 2025-11-25 (initialize handshake, sessions).
 * Modern era: 2026-07-28 (stateless, per-request `_meta`).
 */
// Each revision named once: comparisons elsewhere (`version >= V2025_06_18`) use these.
export const V2024_11_05 = '2024-11-05'
export const V2025_03_26 = '2025-03-26'
export const V2025_06_18 = '2025-06-18'
export const V2025_11_25 = '2025-11-25'
export const V2026_07_28 = '2026-07-28'

/** The two eras, as `HandleResult.era` and `ctx.era` name them. */
export const LEGACY = 'legacy'
export const MODERN = 'modern'

export const LEGACY_VERSIONS = [V2025_11_25, V2025_06_18, V2025_03_26, V2024_11_05] as const
export const MODERN_VERSIONS = [V2026_07_28] as const
export const SUPPORTED_VERSIONS = [...MODERN_VERSIONS, ...LEGACY_VERSIONS] as const

export type LegacyVersion = (typeof LEGACY_VERSIONS)[number]
export type ModernVersion = (typeof MODERN_VERSIONS)[number]
export type ProtocolVersion = LegacyVersion | ModernVersion

export const LATEST_LEGACY_VERSION: LegacyVersion = V2025_11_25
export const LATEST_VERSION: ModernVersion = V2026_07_28

export const isLegacyVersion = (v: unknown): v is LegacyVersion =>
  typeof v === 'string' && (LEGACY_VERSIONS as readonly string[]).includes(v)
export const isModernVersion = (v: unknown): v is ModernVersion =>
  typeof v === 'string' && (MODERN_VERSIONS as readonly string[]).includes(v)
export const isSupportedVersion = (v: unknown): v is ProtocolVersion =>
  isLegacyVersion(v) || isModernVersion(v)

/**
 * Legacy `initialize` negotiation (2025-11-25 basic/lifecycle "Version Negotiation"): answer the client's
 * version when we support it, otherwise our latest legacy version.
 */
export function negotiateLegacyVersion(requested: unknown): LegacyVersion {
  return isLegacyVersion(requested) ? requested : LATEST_LEGACY_VERSION
}

/** JSON-RPC batches exist only in 2025-03-26 (added there, removed in 2025-06-18). */
export const supportsBatch = (v: string | undefined): boolean => v === V2025_03_26

/** Resource-not-found is -32002 before 2026-07-28 and -32602 from it. */
export const resourceNotFoundCode = (v: string): number =>
  isModernVersion(v) ? INVALID_PARAMS : RESOURCE_NOT_FOUND
