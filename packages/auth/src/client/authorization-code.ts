import * as oauth from 'oauth4webapi'
import { OAuthClientError } from './errors.js'
import { type FetchLike, secureUrl } from './guarded-fetch.js'
import { libraryOptions } from './library-options.js'
import { clientAuthentication, describe } from './registration.js'
import type { ClientRecord } from './store.js'

/** What the application is asked to do for a login: show `url` to the user, hand back where they returned. */
export interface AuthorizationRequest {
  /** The authorization URL to open in a browser. */
  url: URL
  /** Where the authorization server will send the browser back. */
  redirectUri: string
  /** The `state` value the callback must carry. */
  state: string
}

/**
 * Runs the user-facing step of a login: open `request.url` (or print it), wait for the browser to reach the
 * redirect URI, resolve with that full callback URL (`?code=…&state=…&iss=…`).
 */
export type AuthorizeCallback = (request: AuthorizationRequest) => Promise<URL | string>

export interface AuthorizationCodeInputs {
  as: oauth.AuthorizationServer
  client: ClientRecord
  redirectUri: string
  resource: string
  scope: string | undefined
  authorize: AuthorizeCallback
  fetch: FetchLike
  dpop: oauth.DPoPHandle | undefined
}

/**
 * The authorization code flow with PKCE S256 (OAuth 2.1 §4.1), the `resource` parameter in both requests
 * (RFC 8707) and the RFC 9207 `iss` check of the response before the code goes anywhere.
 */
export async function authorizationCodeGrant(
  inputs: AuthorizationCodeInputs,
): Promise<oauth.TokenEndpointResponse> {
  const { as, client, redirectUri } = inputs
  // MCP 2026-07-28 "Authorization Code Protection": no advertised S256, no authorization.
  if (!as.code_challenge_methods_supported?.includes('S256'))
    throw new OAuthClientError(
      'pkce_unsupported',
      `The authorization server ${as.issuer} does not advertise PKCE (code_challenge_methods_supported with S256); ` +
        'MCP clients must refuse to proceed',
    )
  if (!as.authorization_endpoint)
    throw new OAuthClientError(
      'invalid_metadata',
      `The authorization server ${as.issuer} has no authorization_endpoint`,
    )
  const verifier = oauth.generateRandomCodeVerifier()
  const state = oauth.generateRandomState()
  const url = secureUrl(as.authorization_endpoint, 'authorization_endpoint')
  const params = url.searchParams
  params.set('response_type', 'code')
  params.set('client_id', client.client_id)
  params.set('redirect_uri', redirectUri)
  params.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier))
  params.set('code_challenge_method', 'S256')
  params.set('state', state)
  params.set('resource', inputs.resource)
  if (inputs.scope) params.set('scope', inputs.scope)

  const callback = new URL(await inputs.authorize({ url, redirectUri, state }))
  const oauthClient: oauth.Client = { client_id: client.client_id }
  let validated: URLSearchParams
  try {
    validated = oauth.validateAuthResponse(as, oauthClient, callback.searchParams, state)
  } catch (cause) {
    throw new OAuthClientError('authorization_failed', authorizationFailure(as, cause), { cause })
  }
  const request = () =>
    oauth.authorizationCodeGrantRequest(
      as,
      oauthClient,
      clientAuthentication(client),
      validated,
      redirectUri,
      verifier,
      { ...libraryOptions(inputs.fetch, inputs.dpop), additionalParameters: { resource: inputs.resource } },
    )
  return tokenResponse(as, async () =>
    oauth.processAuthorizationCodeResponse(as, oauthClient, await request()),
  )
}

/**
 * Runs a token request, once more if the authorization server asks for a DPoP nonce (RFC 9449 §8), and turns
 * its failures into `token_request_failed`.
 */
export async function tokenResponse<T>(as: oauth.AuthorizationServer, run: () => Promise<T>): Promise<T> {
  try {
    try {
      return await run()
    } catch (error) {
      if (!oauth.isDPoPNonceError(error)) throw error
      return await run()
    }
  } catch (cause) {
    if (cause instanceof OAuthClientError) throw cause
    throw new OAuthClientError(
      'token_request_failed',
      `The token endpoint of ${as.issuer} refused the request: ${describe(cause)}`,
      { cause },
    )
  }
}

function authorizationFailure(as: oauth.AuthorizationServer, cause: unknown): string {
  const message = cause instanceof Error ? cause.message : String(cause)
  if (message.includes('"iss"'))
    return (
      `The authorization response does not come from ${as.issuer} (RFC 9207 iss check: ${message}); ` +
      'possible mix-up attack, the code was not used'
    )
  if (cause instanceof oauth.AuthorizationResponseError)
    return `The authorization server refused: ${cause.error}${cause.error_description ? ` (${cause.error_description})` : ''}`
  return `The authorization response is not valid: ${message}`
}
