import { type AuthorizeCallback, authorizationCodeGrant } from './authorization-code.js'
import { OAuthClientError } from './errors.js'
import type { TokenGrant } from './grant.js'
import { OAuthProvider, type OAuthProviderOptions } from './provider.js'
import {
  type ClientIdentity,
  clientAuthentication,
  type PreRegisteredClient,
  resolveClient,
} from './registration.js'

export interface CreateOAuthProviderOptions extends OAuthProviderOptions {
  /** How this application presents itself to authorization servers. */
  client: ClientIdentity
  /** Credentials registered out of band (used first, for their authorization server only). */
  preRegistered?: PreRegisteredClient | undefined
  /**
   * Shows the authorization URL to the user and resolves with the callback URL they came back to. Without it,
   * a login that needs the user fails with `interaction_required` (tokens in the store still work).
   */
  authorize?: AuthorizeCallback | undefined
}

/**
 * An OAuth 2.1 client for a user of an MCP server (MCP authorization 2025-06-18 … 2026-07-28): discovery
 * (RFC 9728, RFC 8414, OpenID), client ID metadata documents, pre-registration or dynamic registration
 * (RFC 7591), PKCE S256, `resource` (RFC 8707), the RFC 9207 `iss` check, refresh tokens, step-up on 403.
 * Give it to a client transport as `authProvider`.
 *
 * @example
 * const auth = createOAuthProvider({
 *   serverUrl: 'https://mcp.example.com/mcp',
 *   client: { name: 'My agent', redirectUri: 'http://127.0.0.1:8976/callback' },
 *   authorize: async ({ url }) => openBrowserAndWaitForCallback(url),
 * })
 * await client.connect(new StreamableHttpClientTransport('https://mcp.example.com/mcp', { authProvider: auth }))
 */
export function createOAuthProvider(options: CreateOAuthProviderOptions): OAuthProvider {
  const { client: identity, preRegistered, authorize } = options
  const needUser = (issuer: string) =>
    new OAuthClientError(
      'interaction_required',
      `${String(options.serverUrl)} needs an OAuth login (authorization server ${issuer}), and this provider has ` +
        'no authorize callback to show it to a user',
    )
  const grant: TokenGrant = {
    client: async (as, purpose, store, fetch) => {
      // Do not register a client for a login nobody can complete.
      if (purpose === 'obtain' && !authorize) throw needUser(as.issuer)
      return resolveClient(as, { identity, preRegistered, store, fetch, register: purpose === 'obtain' })
    },
    authentication: (client) => clientAuthentication(client),
    obtain: async (context) => {
      if (!authorize) throw needUser(context.as.issuer)
      return authorizationCodeGrant({
        as: context.as,
        client: context.client,
        redirectUri: identity.redirectUri,
        resource: context.resource,
        scope: context.scope,
        authorize,
        fetch: context.fetch,
        dpop: context.dpop,
      })
    },
  }
  return new OAuthProvider(grant, options)
}
