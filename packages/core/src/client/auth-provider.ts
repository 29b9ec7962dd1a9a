/**
 * Client-side authorization of HTTP transports (MCP authorization, 2025-06-18 … 2026-07-28 basic/authorization).
 * Defined in core so every client transport can accept a provider without depending on an OAuth library:
 * @edgemcp/auth/client implements it with a full OAuth 2.1 client; a static token is three lines.
 */

/** An HTTP request a transport is about to send. */
export interface AuthRequest {
  /** Absolute URL of the request. */
  readonly url: string
  /** HTTP method (`POST`, `GET`, `DELETE`). */
  readonly method: string
}

/** A 401 or 403 answer to a request: what a provider needs to react (the challenge, nonces). */
export interface AuthChallenge extends AuthRequest {
  readonly status: number
  /** The answer's headers: `WWW-Authenticate` (RFC 6750 §3, RFC 9728 §5.1), `DPoP-Nonce` (RFC 9449 §9). */
  readonly headers: Headers
  /**
   * The headers the provider gave for the refused request, so it can tell a refusal of the credentials it holds
   * now from a late refusal of ones it already replaced (concurrent requests during a login).
   */
  readonly sentHeaders: Readonly<Record<string, string>>
}

/**
 * Authorizes the HTTP requests of a client transport (`authProvider` option of the Streamable HTTP and HTTP+SSE
 * client transports). The transport asks for headers before every request; when the server answers 401 or 403
 * it hands the challenge over and, if the provider resolves `true`, sends the request again once with fresh
 * headers. Otherwise the 401/403 reaches the caller as the transport's HTTP error.
 *
 * @example
 * const staticToken: AuthProvider = {
 *   headers: () => ({ Authorization: `Bearer ${process.env.TOKEN}` }),
 *   unauthorized: async () => false,
 * }
 */
export interface AuthProvider {
  /**
   * Headers that authorize one request (`Authorization`, `DPoP`, …); `{}` for none. May refresh an expired
   * token first. Must return nothing for a URL whose origin it does not hold credentials for.
   */
  headers(request: AuthRequest): Record<string, string> | Promise<Record<string, string>>
  /**
   * The server refused a request with 401 or 403. Resolve `true` once new credentials are in place and the
   * request should be retried (once), `false` to let the refusal surface. A rejection (a login the user
   * cancelled, hostile metadata) is what the request then fails with.
   */
  unauthorized(challenge: AuthChallenge): Promise<boolean>
}
