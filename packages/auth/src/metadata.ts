import { type Context, type Handler, Hono } from 'hono'

/** The well-known path suffix of RFC 9728 §3. */
export const PROTECTED_RESOURCE_WELL_KNOWN = '/.well-known/oauth-protected-resource'

/** RFC 9728 §2 protected-resource metadata (the members this package writes, plus any extra ones). */
export interface ProtectedResourceMetadata {
  resource: string
  authorization_servers?: string[]
  jwks_uri?: string
  scopes_supported?: string[]
  bearer_methods_supported?: string[]
  resource_signing_alg_values_supported?: string[]
  resource_name?: string
  resource_documentation?: string
  resource_policy_uri?: string
  resource_tos_uri?: string
  [member: string]: unknown
}

export interface ProtectedResourceMetadataOptions {
  /** This resource's identifier: the MCP endpoint URL, e.g. `https://mcp.example.com/mcp` (no fragment). */
  resource: string
  /** Issuer identifiers of the authorization servers that issue tokens for this resource. */
  authorizationServers: readonly string[]
  scopesSupported?: readonly string[]
  /** How tokens may be sent. Default `['header']` (MCP forbids tokens in the query string). */
  bearerMethodsSupported?: readonly ('header' | 'body' | 'query')[]
  jwksUri?: string
  resourceSigningAlgValuesSupported?: readonly string[]
  resourceName?: string
  resourceDocumentation?: string
  resourcePolicyUri?: string
  resourceTosUri?: string
  /** Further members (e.g. `dpop_bound_access_tokens_required`); they cannot replace the ones above. */
  extra?: Readonly<Record<string, unknown>>
  /** `Cache-Control: max-age` of the document, in seconds. Default 3600. */
  maxAgeSec?: number
}

function checkResource(resource: string): URL {
  let url: URL
  try {
    url = new URL(resource)
  } catch {
    throw new TypeError(`resource must be an absolute URL: ${resource}`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new TypeError(`resource must be an http(s) URL: ${resource}`)
  if (resource.includes('#')) throw new TypeError(`resource must not have a fragment: ${resource}`)
  return url
}

/**
 * Where clients look for a resource's metadata (RFC 9728 §3.1): the well-known suffix goes between the host
 * and the path, e.g. `https://mcp.example.com/mcp` → `https://mcp.example.com/.well-known/oauth-protected-resource/mcp`.
 */
export function protectedResourceMetadataUrl(resource: string): string {
  const url = checkResource(resource)
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '')
  return `${url.origin}${PROTECTED_RESOURCE_WELL_KNOWN}${path}${url.search}`
}

/**
 * The paths to serve the document on: the path-suffixed one (RFC 9728 §3.1), then the root one that MCP
 * clients fall back to (2026-07-28 authorization-server-discovery). One path when the resource has no path.
 */
export function protectedResourceMetadataPaths(resource: string): string[] {
  const path = new URL(protectedResourceMetadataUrl(resource)).pathname
  return path === PROTECTED_RESOURCE_WELL_KNOWN ? [path] : [path, PROTECTED_RESOURCE_WELL_KNOWN]
}

/** The metadata document as a JSON object. */
export function protectedResourceMetadataDocument(
  options: ProtectedResourceMetadataOptions,
): ProtectedResourceMetadata {
  checkResource(options.resource)
  if (options.authorizationServers.length === 0)
    throw new TypeError('protectedResourceMetadata: at least one authorization server is required')
  const doc: ProtectedResourceMetadata = {
    ...options.extra,
    resource: options.resource,
    authorization_servers: [...options.authorizationServers],
    bearer_methods_supported: [...(options.bearerMethodsSupported ?? ['header'])],
  }
  if (options.scopesSupported) doc.scopes_supported = [...options.scopesSupported]
  if (options.jwksUri !== undefined) doc.jwks_uri = options.jwksUri
  if (options.resourceSigningAlgValuesSupported)
    doc.resource_signing_alg_values_supported = [...options.resourceSigningAlgValuesSupported]
  if (options.resourceName !== undefined) doc.resource_name = options.resourceName
  if (options.resourceDocumentation !== undefined) doc.resource_documentation = options.resourceDocumentation
  if (options.resourcePolicyUri !== undefined) doc.resource_policy_uri = options.resourcePolicyUri
  if (options.resourceTosUri !== undefined) doc.resource_tos_uri = options.resourceTosUri
  return doc
}

/**
 * A Hono handler serving the RFC 9728 §3.2 document: `GET`/`HEAD` → 200 `application/json`, readable from any
 * origin (`Access-Control-Allow-Origin: *`, it is public and never needs credentials); `OPTIONS` → 204 preflight;
 * other methods → 405. Mount it with `app.all(path, handler)` on every path of `protectedResourceMetadataPaths`,
 * or use `protectedResourceMetadataApp`.
 */
export function protectedResourceMetadata(options: ProtectedResourceMetadataOptions): Handler {
  const body = JSON.stringify(protectedResourceMetadataDocument(options))
  const cacheControl = `public, max-age=${options.maxAgeSec ?? 3600}`
  return (c: Context) => {
    const method = c.req.method
    if (method === 'OPTIONS') {
      const headers = new Headers({
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Max-Age': '86400',
      })
      const requested = c.req.header('access-control-request-headers')
      if (requested) headers.set('Access-Control-Allow-Headers', requested)
      return new Response(null, { status: 204, headers })
    }
    if (method !== 'GET' && method !== 'HEAD')
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD, OPTIONS' } })
    return new Response(method === 'HEAD' ? null : body, {
      status: 200,
      headers: {
        'Content-Type': 'application/json',
        'Cache-Control': cacheControl,
        'Access-Control-Allow-Origin': '*',
      },
    })
  }
}

/**
 * A Hono app serving the metadata on the path-suffixed and the root well-known paths:
 * `app.route('/', protectedResourceMetadataApp({ resource, authorizationServers }))`.
 *
 * Note: RFC 9728 §3.3 has clients compare `resource` with the URL they derived the well-known URL from; the
 * root copy therefore only satisfies clients that fall back to it for a resource with a path (as MCP clients
 * do). Pass `{ root: false }` to serve the path-suffixed one only.
 */
export function protectedResourceMetadataApp(
  options: ProtectedResourceMetadataOptions,
  mount: { root?: boolean } = {},
): Hono {
  const handler = protectedResourceMetadata(options)
  const app = new Hono()
  const paths = protectedResourceMetadataPaths(options.resource)
  for (const path of mount.root === false ? paths.slice(0, 1) : paths) app.all(path, handler)
  return app
}
