import {
  isLegacyVersion,
  isModernVersion,
  type ProtocolError,
  requestedModernVersion,
  SUPPORTED_VERSIONS,
  type ServerSession,
  UnsupportedProtocolVersionError,
} from '@edgemcp/core'
import { isObject } from '@edgemcp/core/internal'
import { transportError } from './http-error.js'
import type { HeaderReader } from './header-reader.js'
import { checkModernHeaders } from './modern-headers.js'
import type { HandlerState } from './state.js'

/** How a request is served: refused, modern (stateless), or legacy (in its session, if it names one). */
export type Plan = { error: ProtocolError } | { modern: true } | { session: ServerSession | undefined }

/** The `MCP-Protocol-Version` header (as `Headers` gives it: trimmed); null when absent. */
export const versionHeader = (headers: HeaderReader): string | null => headers.get('mcp-protocol-version')

const MODERN_PLAN: Plan = { modern: true } as const

/**
 * Decides the era of a POSTed body (2026-07-28 basic/versioning "Backward Compatibility"): a request naming
 * its version in `_meta` is modern (its mirrored headers are validated, any session id is ignored); a modern
 * `MCP-Protocol-Version` header makes a message modern too (core rejects a request lacking the `_meta`
 * with 400, -32602); everything else is legacy and is checked against its session. Synchronous for modern
 * requests; a legacy one waits for its session store.
 */
export function classify(
  state: HandlerState,
  headers: HeaderReader,
  value: unknown,
  principal: string | undefined,
): Plan | Promise<Plan> {
  const header = versionHeader(headers)
  const single = isObject(value) ? value : undefined
  const params = single && isObject(single.params) ? single.params : undefined
  const bodyVersion = requestedModernVersion(params)
  if (bodyVersion !== undefined) {
    const method = single?.method
    if (typeof method === 'string' && 'id' in single!) {
      const error = checkModernHeaders(headers, header, method, params!, bodyVersion, state.server)
      if (error) return { error }
    }
    return MODERN_PLAN
  }
  // A modern client's request without the `_meta` version: core answers it as a malformed modern request.
  if (header !== null && isModernVersion(header)) return MODERN_PLAN
  return legacyPlan(state, headers, header, principal)
}

export type LegacyPlan = { error: ProtocolError } | { session: ServerSession | undefined }

/**
 * A legacy request: its session (by `Mcp-Session-Id`; 404 when unknown, expired or deleted) and the
 * version header rules (2025-06-18 / 2025-11-25 basic/transports "Protocol Version Header"): absent →
 * 2025-03-26 or the session's negotiated version; unknown → 400; different from what the session
 * negotiated → 400.
 */
export function legacyPlan(
  state: HandlerState,
  headers: HeaderReader,
  header: string | null,
  principal: string | undefined,
): LegacyPlan | Promise<LegacyPlan> {
  const id = headers.get('mcp-session-id')
  if (id === null) return versionPlan(undefined, header)
  // Synchronous when the session store holds its sessions here (see `lookupSession`).
  const found = state.findSession(id, principal)
  return found instanceof Promise ? found.then((s) => sessionPlan(s, header)) : sessionPlan(found, header)
}

const sessionPlan = (session: ServerSession | undefined, header: string | null): LegacyPlan =>
  session
    ? versionPlan(session, header)
    : { error: transportError(404, 'Session not found: initialize a new session') }

function versionPlan(session: ServerSession | undefined, header: string | null): LegacyPlan {
  if (header === null) return { session }
  if (!isLegacyVersion(header))
    return { error: new UnsupportedProtocolVersionError(header, SUPPORTED_VERSIONS) }
  const negotiated = session?.protocolVersion
  if (negotiated !== undefined && header !== negotiated)
    return {
      error: transportError(
        400,
        `Bad Request: MCP-Protocol-Version ${header} differs from the session's negotiated version ${negotiated}`,
      ),
    }
  return { session }
}
