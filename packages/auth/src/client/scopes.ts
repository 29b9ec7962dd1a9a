import { scopeList } from './challenge.js'

export interface ScopeInputs {
  /** `scope` of the server's `WWW-Authenticate` challenge: authoritative for the current operation. */
  challenged: string | undefined
  /** `scopes_supported` of the protected-resource metadata. */
  resourceSupported: readonly string[] | undefined
  /** What was requested and granted before (kept on re-authorization: MCP 2026-07-28 step-up flow). */
  prior: readonly string[]
  /** Scopes the application always asks for. */
  configured: readonly string[]
  /** `scopes_supported` of the authorization server, to add `offline_access` where it is offered. */
  serverSupported: readonly string[] | undefined
  offlineAccess: boolean
}

/**
 * The `scope` of an authorization request (MCP 2025-11-25 / 2026-07-28 "Scope Selection Strategy"): the
 * challenge's scopes, else every scope of the resource's `scopes_supported`, else none; joined with prior and
 * configured scopes; plus `offline_access` when wanted and the authorization server lists it (SEP-2207).
 * `undefined` means: omit the parameter.
 */
export function selectScope(inputs: ScopeInputs): string | undefined {
  const challenged = scopeList(inputs.challenged)
  const base = challenged.length > 0 ? challenged : [...(inputs.resourceSupported ?? [])]
  const scopes = new Set([...inputs.prior, ...base, ...inputs.configured])
  if (inputs.offlineAccess && inputs.serverSupported?.includes('offline_access')) scopes.add('offline_access')
  return scopes.size > 0 ? [...scopes].join(' ') : undefined
}

/** A stable key for a scope set (order and duplicates do not matter). */
export const scopeKey = (scope: string | undefined): string => [...new Set(scopeList(scope))].sort().join(' ')
