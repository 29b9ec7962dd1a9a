import { OAuthClientError } from './errors.js'
import { type FetchLike, secureUrl } from './guarded-fetch.js'

/** What the client uses of an RFC 9728 protected-resource metadata document. */
export interface ProtectedResource {
  /** The resource identifier: the `resource` parameter of every authorization and token request (RFC 8707). */
  resource: string
  /** Issuer identifiers, as listed (exact strings: they are compared with the metadata's `issuer`). */
  authorizationServers: string[]
  scopesSupported: string[] | undefined
  /** Where the document was read. */
  metadataUrl: string
}

const WELL_KNOWN = '/.well-known/oauth-protected-resource'

/**
 * The well-known URLs of the protected-resource metadata of an MCP endpoint, in the order MCP clients must try
 * them (2025-11-25 / 2026-07-28 "Protected Resource Metadata Discovery Requirements"): at the endpoint's path,
 * then at the root.
 */
export function protectedResourceMetadataCandidates(serverUrl: URL): string[] {
  const path = serverUrl.pathname.replace(/\/+$/, '')
  const root = `${serverUrl.origin}${WELL_KNOWN}`
  return path === '' ? [root] : [`${serverUrl.origin}${WELL_KNOWN}${path}`, root]
}

/**
 * Finds the protected-resource metadata of `serverUrl`: the `resource_metadata` URL of the server's challenge
 * first, then the well-known URLs. Resolves `undefined` when no document exists (a server of the 2025-03-26
 * era); throws when one exists but names another resource or no authorization server.
 */
export async function discoverProtectedResource(
  serverUrl: URL,
  challengeUrl: string | undefined,
  fetchImpl: FetchLike,
): Promise<ProtectedResource | undefined> {
  const candidates = protectedResourceMetadataCandidates(serverUrl)
  if (challengeUrl) candidates.unshift(secureUrl(challengeUrl, 'resource_metadata').href)
  for (const url of candidates) {
    const response = await fetchImpl(url, { headers: { Accept: 'application/json' } })
    if (response.status !== 200) continue
    const document: unknown = await response.json().catch(() => undefined)
    if (typeof document !== 'object' || document === null)
      throw new OAuthClientError(
        'invalid_metadata',
        `${url} is not a JSON protected-resource metadata document`,
      )
    return readDocument(document as Record<string, unknown>, url, serverUrl)
  }
  return undefined
}

function readDocument(doc: Record<string, unknown>, url: string, serverUrl: URL): ProtectedResource {
  if (typeof doc.resource !== 'string')
    throw new OAuthClientError('invalid_metadata', `${url} has no "resource" (RFC 9728 §2)`)
  checkResource(doc.resource, serverUrl)
  const servers = doc.authorization_servers
  if (!Array.isArray(servers) || servers.length === 0 || !servers.every((s) => typeof s === 'string'))
    throw new OAuthClientError(
      'invalid_metadata',
      `${url} lists no authorization_servers; MCP servers must name at least one`,
    )
  const scopes = doc.scopes_supported
  return {
    resource: doc.resource,
    authorizationServers: servers as string[],
    scopesSupported: Array.isArray(scopes)
      ? scopes.filter((s): s is string => typeof s === 'string')
      : undefined,
    metadataUrl: url,
  }
}

/**
 * Refuses a `resource` that does not identify the MCP server being called (RFC 9728 §3.3, §7.3; MCP
 * 2026-07-28 "Resource Parameter Implementation"): it must have the server URL's origin and a path that is the
 * server's path or a parent of it (`https://host` covers `https://host/mcp`). Scheme and host compare case-
 * insensitively, as the spec asks clients to accept upper-case forms.
 */
export function checkResource(resource: string, serverUrl: URL): void {
  let url: URL | undefined
  try {
    url = new URL(resource)
  } catch {
    url = undefined
  }
  const path = url?.pathname.replace(/\/+$/, '') ?? ''
  const serverPath = serverUrl.pathname.replace(/\/+$/, '')
  const covers = path === '' || serverPath === path || serverPath.startsWith(`${path}/`)
  if (url && !url.hash && url.origin === serverUrl.origin && covers) return
  throw new OAuthClientError(
    'resource_mismatch',
    `The protected-resource metadata names resource ${JSON.stringify(resource)}, which is not the MCP server ` +
      `${serverUrl.origin}${serverUrl.pathname}; refusing to authorize (a token for it could be used elsewhere)`,
  )
}
