import { McpLocalError } from '@edgemcp/core'

/** Why the OAuth client stopped. Branch on it; the message says the same for people. */
export type OAuthClientErrorCode =
  /** A URL of the flow is `http:` off loopback, or not a URL at all. */
  | 'insecure_url'
  /** A metadata or token answer was larger than `maxResponseBytes`. */
  | 'response_too_large'
  /** An authorization-server or metadata request was redirected (to another origin, or for a POST). */
  | 'redirect_refused'
  /** No protected-resource metadata and no authorization server could be found for the MCP server. */
  | 'discovery_failed'
  /** The protected-resource metadata names a different resource than the MCP server being called. */
  | 'resource_mismatch'
  /** Authorization-server metadata whose `issuer` is not the one its well-known URL was built from. */
  | 'issuer_mismatch'
  /** Metadata that breaks its RFC (missing endpoints, wrong types). */
  | 'invalid_metadata'
  /** The authorization server does not advertise PKCE with S256; MCP forbids going on without it. */
  | 'pkce_unsupported'
  /** No way to obtain a client id: no pre-registered credentials, no CIMD, no registration endpoint. */
  | 'registration_unavailable'
  /** The registration endpoint refused us. */
  | 'registration_failed'
  /** Pre-registered credentials belong to another authorization server than the one the resource names. */
  | 'authorization_server_changed'
  /** The authorization response failed RFC 9207 / state validation, or carried an error. */
  | 'authorization_failed'
  /** A login needs a user, and no `authorize` callback was given (a non-interactive run). */
  | 'interaction_required'
  /** The token endpoint refused a grant. */
  | 'token_request_failed'
  /** The server keeps asking for scopes the authorization server does not grant. */
  | 'step_up_limit'

/**
 * A local error of kind `auth`: the client could not obtain or present credentials. Thrown by the OAuth
 * providers of `@edgemcp/auth/client` and reaching the caller of the MCP request that needed them.
 */
export class OAuthClientError extends McpLocalError {
  override readonly name = 'OAuthClientError'
  readonly code: OAuthClientErrorCode

  constructor(code: OAuthClientErrorCode, message: string, options?: { cause?: unknown }) {
    super('auth', message, options)
    this.code = code
  }
}
