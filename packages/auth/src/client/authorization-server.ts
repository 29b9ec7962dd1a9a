import * as oauth from 'oauth4webapi'
import { OAuthClientError } from './errors.js'
import { type FetchLike, secureUrl } from './guarded-fetch.js'

export type AuthorizationServer = oauth.AuthorizationServer

/**
 * The metadata URLs of an issuer in the order MCP clients must try them (2025-11-25 / 2026-07-28
 * "Authorization Server Metadata Discovery"): with a path, OAuth path insertion, OIDC path insertion, OIDC path
 * appending; without one, OAuth then OIDC.
 */
export function authorizationServerMetadataCandidates(issuer: URL): string[] {
  const path = issuer.pathname.replace(/\/+$/, '')
  const origin = issuer.origin
  if (path === '')
    return [`${origin}/.well-known/oauth-authorization-server`, `${origin}/.well-known/openid-configuration`]
  return [
    `${origin}/.well-known/oauth-authorization-server${path}`,
    `${origin}/.well-known/openid-configuration${path}`,
    `${origin}${path}/.well-known/openid-configuration`,
  ]
}

/**
 * Reads the metadata of the authorization server `issuer` (an exact string from the protected-resource
 * metadata). The document's `issuer` must be that string, compared without normalization (RFC 8414 §3.3, OIDC
 * Discovery §4.3); its endpoints must be https (or loopback http). Resolves `undefined` when no metadata is
 * served at any candidate URL.
 */
export async function discoverAuthorizationServer(
  issuer: string,
  fetchImpl: FetchLike,
): Promise<AuthorizationServer | undefined> {
  const issuerUrl = secureUrl(issuer, 'Authorization server')
  for (const url of authorizationServerMetadataCandidates(issuerUrl)) {
    const response = await fetchImpl(url, { headers: { Accept: 'application/json' } })
    if (response.status !== 200) continue
    let metadata: AuthorizationServer
    try {
      metadata = await oauth.processDiscoveryResponse(issuerUrl, response)
    } catch (cause) {
      throw invalid(url, issuer, cause)
    }
    if (metadata.issuer !== issuer) throw issuerMismatch(url, issuer, metadata.issuer)
    return checkEndpoints(metadata, url)
  }
  return undefined
}

function invalid(url: string, issuer: string, cause: unknown): OAuthClientError {
  const attribute = (cause as { cause?: { attribute?: unknown; body?: { issuer?: unknown } } })?.cause
  if (attribute?.attribute === 'issuer') return issuerMismatch(url, issuer, attribute.body?.issuer)
  const detail = cause instanceof Error ? cause.message : String(cause)
  return new OAuthClientError(
    'invalid_metadata',
    `${url} is not valid authorization server metadata: ${detail}`,
    {
      cause,
    },
  )
}

function issuerMismatch(url: string, issuer: string, found: unknown): OAuthClientError {
  return new OAuthClientError(
    'issuer_mismatch',
    `${url} describes issuer ${JSON.stringify(found)}, not ${JSON.stringify(issuer)} (the authorization server ` +
      'the protected resource names); refusing to use this metadata',
  )
}

const ENDPOINTS = [
  'authorization_endpoint',
  'token_endpoint',
  'registration_endpoint',
  'revocation_endpoint',
] as const

function checkEndpoints(metadata: AuthorizationServer, url: string): AuthorizationServer {
  for (const name of ENDPOINTS) {
    const value = metadata[name]
    if (value !== undefined) secureUrl(value, `${name} of ${url}`)
  }
  return metadata
}

/**
 * The authorization server of a 2025-03-26 server without protected-resource metadata: the MCP server's
 * origin is the issuer; its RFC 8414 metadata, or else the default endpoints `/authorize`, `/token` and
 * `/register` (2025-03-26 basic/authorization "Fallbacks for Servers without Metadata Discovery").
 */
export async function legacyAuthorizationServer(
  serverUrl: URL,
  fetchImpl: FetchLike,
): Promise<AuthorizationServer> {
  const issuer = serverUrl.origin
  const discovered = await discoverAuthorizationServer(issuer, fetchImpl)
  if (discovered) return discovered
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    registration_endpoint: `${issuer}/register`,
    // 2025-03-26 clients MUST use PKCE; a server without metadata cannot advertise it.
    code_challenge_methods_supported: ['S256'],
  }
}
