import {
  HttpStatus,
  isLegacyVersion,
  isModernVersion,
  type ProtocolError,
  requestedModernVersion,
  SUPPORTED_VERSIONS,
  type ServerSession,
  UnsupportedProtocolVersionError,
  isObject,
} from '@edgemcp/core'
import { transportError } from './http-error.js'
import { checkModernHeaders } from './modern-headers.js'
import type { HandlerState } from './state.js'

export type Plan =
  | { error: ProtocolError }
  | { era: 'modern' }
  | { era: 'legacy'; session: ServerSession | undefined }

/** The `MCP-Protocol-Version` header, trimmed; null when absent. */
export const versionHeader = (headers: Headers): string | null =>
  headers.get('mcp-protocol-version')?.trim() ?? null

/**
 * The legacy-era version header rules (2025-06-18 / 2025-11-25 basic/transports "Protocol Version Header"):
 * absent → 2025-03-26 or the session's negotiated version; unknown → 400; different from what the session
 * negotiated → 400.
 */
export function checkLegacyVersion(
  header: string | null,
  session: ServerSession | undefined,
): ProtocolError | undefined {
  if (header === null) return undefined
  if (!isLegacyVersion(header)) return new UnsupportedProtocolVersionError(header, SUPPORTED_VERSIONS)
  if (session?.protocolVersion !== undefined && header !== session.protocolVersion)
    return transportError(
      HttpStatus.badRequest,
      `Bad Request: MCP-Protocol-Version ${header} differs from the session's negotiated version ${session.protocolVersion}`,
    )
  return undefined
}

/** Looks up a legacy session by the `Mcp-Session-Id` header: 404 when it is unknown (expired or deleted). */
export async function sessionOf(
  state: HandlerState,
  headers: Headers,
  principal: string | undefined,
): Promise<{ session: ServerSession | undefined } | { error: ProtocolError }> {
  const id = headers.get('mcp-session-id')?.trim()
  if (id === undefined) return { session: undefined }
  const session = await state.findSession(id, principal)
  if (!session)
    return { error: transportError(HttpStatus.notFound, 'Session not found: initialize a new session') }
  return { session }
}

const MODERN_PLAN: Plan = Object.freeze({ era: 'modern' as const })

/**
 * Decides the era of a POSTed body (2026-07-28 basic/versioning "Backward Compatibility"): a request naming
 * its version in `_meta` is modern (its mirrored headers are validated, any session id is ignored); a modern
 * `MCP-Protocol-Version` header makes a message modern too (core rejects a request lacking the `_meta`
 * with 400, -32602); everything else is legacy and is checked against its session. Synchronous for modern
 * requests; a legacy one waits for its session store.
 */
export function classify(
  state: HandlerState,
  headers: Headers,
  value: unknown,
  principal: string | undefined,
): Plan | Promise<Plan> {
  const header = versionHeader(headers)
  const single = isObject(value) ? value : undefined
  const params = single && isObject(single.params) ? single.params : undefined
  const isRequest = single !== undefined && typeof single.method === 'string' && 'id' in single
  const bodyVersion = requestedModernVersion(params)
  if (bodyVersion !== undefined) {
    if (isRequest) {
      const error = checkModernHeaders(
        headers,
        header,
        { method: single.method as string, params: params ?? {} },
        bodyVersion,
        (name) => state.server.registry.tools.get(name)?.wire.inputSchema,
      )
      if (error) return { error }
    }
    return MODERN_PLAN
  }
  // A modern client's request without the `_meta` version: core answers it as a malformed modern request.
  if (header !== null && isModernVersion(header)) return MODERN_PLAN
  return classifyLegacy(state, headers, header, principal)
}

async function classifyLegacy(
  state: HandlerState,
  headers: Headers,
  header: string | null,
  principal: string | undefined,
): Promise<Plan> {
  const found = await sessionOf(state, headers, principal)
  if ('error' in found) return found
  const error = checkLegacyVersion(header, found.session)
  return error ? { error } : { era: 'legacy', session: found.session }
}
