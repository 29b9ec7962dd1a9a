import type * as oauth from 'oauth4webapi'
import type { FetchLike } from './guarded-fetch.js'
import type { ClientRecord, OAuthStore } from './store.js'

/** What a grant gets to obtain tokens for one resource from one authorization server. */
export interface GrantContext {
  as: oauth.AuthorizationServer
  /** The RFC 8707 resource: the MCP server. */
  resource: string
  scope: string | undefined
  client: ClientRecord
  authentication: oauth.ClientAuth
  /** The guarded fetch (https or loopback only, bounded, no cross-origin redirects). */
  fetch: FetchLike
  dpop: oauth.DPoPHandle | undefined
  store: OAuthStore
}

/**
 * How a provider obtains tokens: the authorization code flow for users, client credentials or a JWT assertion
 * for workloads. The provider around it does discovery, scopes, storage, refresh, DPoP and step-up.
 */
export interface TokenGrant {
  /**
   * The client identity at `as` (pre-registered, a metadata document URL, or registered). For `refresh`, only an
   * identity that already exists: a refresh token is bound to the client that obtained it.
   */
  client(
    as: oauth.AuthorizationServer,
    purpose: 'obtain' | 'refresh',
    store: OAuthStore,
    fetch: FetchLike,
  ): Promise<ClientRecord>
  /** How that client authenticates at the token endpoint. */
  authentication(
    client: ClientRecord,
    as: oauth.AuthorizationServer,
  ): oauth.ClientAuth | Promise<oauth.ClientAuth>
  obtain(context: GrantContext): Promise<oauth.TokenEndpointResponse>
}
