import type * as oauth from 'oauth4webapi'
import { discoverAuthorizationServer, legacyAuthorizationServer } from './authorization-server.js'
import { OAuthClientError } from './errors.js'
import type { FetchLike } from './guarded-fetch.js'
import { discoverProtectedResource } from './protected-resource.js'

/** Where tokens for an MCP server come from, as discovered from the server. */
export interface Target {
  /** The RFC 8707 resource identifier sent in authorization and token requests. */
  resource: string
  as: oauth.AuthorizationServer
  /** `scopes_supported` of the protected-resource metadata. */
  resourceScopes: string[] | undefined
}

export interface TargetOptions {
  fetch: FetchLike
  /** Fall back to the 2025-03-26 discovery when the server has no protected-resource metadata. */
  legacyDiscovery: boolean
  /** Picks one of several authorization servers (RFC 9728 §7.6); default the first. */
  selectAuthorizationServer: ((issuers: readonly string[]) => string) | undefined
}

/** The server URL as a resource identifier: no fragment or query, no trailing slash (MCP "Canonical Server URI"). */
export function canonicalResource(serverUrl: URL): string {
  const path = serverUrl.pathname.replace(/\/+$/, '')
  return `${serverUrl.origin}${path}`
}

/**
 * Discovers the resource and its authorization server: the protected-resource metadata (from the challenge's
 * `resource_metadata`, else the well-known URLs) and the authorization server's metadata; for a server without
 * protected-resource metadata, the 2025-03-26 rules. Always fetched afresh on a challenge, so a server that moved
 * to another authorization server is followed (SEP-2352).
 */
export async function discoverTarget(
  serverUrl: URL,
  challengeUrl: string | undefined,
  options: TargetOptions,
): Promise<Target> {
  const prm = await discoverProtectedResource(serverUrl, challengeUrl, options.fetch)
  if (!prm) {
    if (!options.legacyDiscovery)
      throw new OAuthClientError(
        'discovery_failed',
        `${serverUrl.origin}${serverUrl.pathname} serves no protected-resource metadata (RFC 9728); cannot find its authorization server`,
      )
    const as = await legacyAuthorizationServer(serverUrl, options.fetch)
    return { resource: canonicalResource(serverUrl), as, resourceScopes: undefined }
  }
  const issuers = prm.authorizationServers
  const issuer = options.selectAuthorizationServer?.(issuers) ?? (issuers[0] as string)
  if (!issuers.includes(issuer))
    throw new OAuthClientError(
      'discovery_failed',
      `selectAuthorizationServer chose ${issuer}, which the resource does not list`,
    )
  const as = await discoverAuthorizationServer(issuer, options.fetch)
  if (!as)
    throw new OAuthClientError(
      'discovery_failed',
      `The authorization server ${issuer} (named by ${prm.metadataUrl}) serves no OAuth or OpenID metadata`,
    )
  return { resource: prm.resource, as, resourceScopes: prm.scopesSupported }
}
