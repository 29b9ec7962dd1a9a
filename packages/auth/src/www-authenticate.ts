/** The error codes of a Bearer challenge (RFC 6750 §3.1). */
export type BearerErrorCode = 'invalid_request' | 'invalid_token' | 'insufficient_scope'

export interface BearerChallenge {
  error?: BearerErrorCode
  /** Scopes needed for this request (RFC 6750 §3, MCP "Scope Selection Strategy"). */
  scope?: readonly string[]
  /** URL of the protected-resource metadata document (RFC 9728 §5.1). */
  resourceMetadata?: string
  /** Human-readable; characters outside RFC 6750's allowed set are dropped. */
  errorDescription?: string
  realm?: string
}

/** A scope token per RFC 6749 §3.3: printable ASCII without space, `"` or `\`. */
export const isScopeToken = (s: string): boolean => /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(s)

/** A quoted-string holding only characters RFC 6750 allows in attribute values (%x20-21 / %x23-5B / %x5D-7E). */
const quote = (value: string) => `"${value.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '')}"`

/**
 * The `WWW-Authenticate` value of a Bearer challenge, attributes in a fixed order: realm, error, scope,
 * resource_metadata, error_description.
 *
 * @example bearerChallenge({ resourceMetadata: 'https://mcp.example.com/.well-known/oauth-protected-resource' })
 * // 'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource"'
 */
export function bearerChallenge(challenge: BearerChallenge): string {
  const attrs: string[] = []
  if (challenge.realm !== undefined) attrs.push(`realm=${quote(challenge.realm)}`)
  if (challenge.error !== undefined) attrs.push(`error=${quote(challenge.error)}`)
  if (challenge.scope !== undefined && challenge.scope.length > 0)
    attrs.push(`scope=${quote(challenge.scope.filter(isScopeToken).join(' '))}`)
  if (challenge.resourceMetadata !== undefined)
    attrs.push(`resource_metadata=${quote(challenge.resourceMetadata)}`)
  if (challenge.errorDescription !== undefined)
    attrs.push(`error_description=${quote(challenge.errorDescription)}`)
  return attrs.length === 0 ? 'Bearer' : `Bearer ${attrs.join(', ')}`
}
