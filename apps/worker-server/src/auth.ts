import {
  bearerAuth,
  createJwtVerifier,
  type JsonWebKeySet,
  protectedResourceMetadata,
  protectedResourceMetadataPaths,
  protectedResourceMetadataUrl,
  requestAuth,
} from '@edgemcp/auth'
import type { McpWorker } from '@edgemcp/workers'
import { Hono } from 'hono/tiny'
import type { Env } from './env.js'

/** OAuth settings of the sample, from `AUTH_*` variables (see the README). */
export interface AuthSettings {
  /** The authorization server's issuer identifier: tokens must carry it as `iss`. */
  issuer: string
  /** This server's resource identifier (RFC 8707), its MCP endpoint URL: tokens must carry it in `aud`. */
  audience: string
  /** Where the issuer's signing keys come from. */
  jwks: { url: string } | { set: JsonWebKeySet }
  /** Scopes every MCP request needs (403 `insufficient_scope` otherwise). */
  requiredScopes: string[]
}

const value = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined

function parseJwks(raw: unknown): JsonWebKeySet {
  let parsed: unknown = raw
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw)
    } catch {
      throw new TypeError('AUTH_JWKS is not JSON: give a JWKS such as {"keys":[{...}]}')
    }
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys
  if (!Array.isArray(keys) || keys.length === 0)
    throw new TypeError('AUTH_JWKS must be a JWKS with at least one key: {"keys":[{...}]}')
  return parsed as JsonWebKeySet
}

/**
 * The auth settings in `env`: undefined when `AUTH_ISSUER` is not set (the server is open, as without this
 * file). When it is set, the rest must be too: a half-configured server throws rather than serve unprotected.
 */
export function authSettings(env: Partial<Env>): AuthSettings | undefined {
  const issuer = value(env.AUTH_ISSUER)
  if (issuer === undefined) return undefined
  const audience = value(env.AUTH_AUDIENCE)
  if (audience === undefined)
    throw new TypeError('AUTH_ISSUER is set but AUTH_AUDIENCE is not: set it to this server’s MCP URL')
  const url = value(env.AUTH_JWKS_URL)
  const inline = typeof env.AUTH_JWKS === 'string' ? value(env.AUTH_JWKS) : env.AUTH_JWKS
  if (url !== undefined && inline !== undefined)
    throw new TypeError('Set AUTH_JWKS_URL or AUTH_JWKS, not both')
  if (url === undefined && inline === undefined)
    throw new TypeError('AUTH_ISSUER is set but neither AUTH_JWKS_URL nor AUTH_JWKS is')
  const requiredScopes = (value(env.AUTH_REQUIRED_SCOPES) ?? '').split(/\s+/).filter((s) => s !== '')
  return {
    issuer,
    audience,
    jwks: url !== undefined ? { url } : { set: parseJwks(inline) },
    requiredScopes,
  }
}

/**
 * The Worker's `fetch` behind OAuth 2.1 bearer tokens (MCP authorization):
 * - RFC 9728 protected-resource metadata at `/.well-known/oauth-protected-resource/<path of the audience>`
 *   and at `/.well-known/oauth-protected-resource`;
 * - every request to `mcpPath` needs `Authorization: Bearer <JWT>` signed by the issuer for this audience
 *   (401 with `WWW-Authenticate: Bearer resource_metadata="…"` otherwise; 403 when a scope is missing);
 * - the verified principal goes to `worker.fetch`: it binds legacy sessions (another principal presenting the
 *   session id gets 404) and reaches tool handlers as `ctx.authInfo`, in the Worker and in the Durable Objects.
 * The verifier is made here, once per isolate, so its JWKS cache serves every request of the isolate.
 */
export function withBearerAuth(
  worker: Pick<McpWorker<Env>, 'fetch'>,
  mcpPath: string,
  settings: AuthSettings,
): (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response> {
  const verify = createJwtVerifier({
    issuer: settings.issuer,
    audience: settings.audience,
    ...('url' in settings.jwks ? { jwksUrl: settings.jwks.url } : { jwks: settings.jwks.set }),
  })
  const gate = bearerAuth({
    verify,
    resourceMetadataUrl: protectedResourceMetadataUrl(settings.audience),
    requiredScopes: settings.requiredScopes,
  })
  const metadata = protectedResourceMetadata({
    resource: settings.audience,
    authorizationServers: [settings.issuer],
    ...(settings.requiredScopes.length > 0 ? { scopesSupported: settings.requiredScopes } : {}),
    resourceName: 'edgemcp notes',
  })
  // The same rule as the Worker's: `mcpPath` and `mcpPath/` are the MCP endpoint.
  const isMcpPath = (path: string) => path === mcpPath || path === `${mcpPath}/`

  const app = new Hono<{ Bindings: Env }>()
  for (const path of protectedResourceMetadataPaths(settings.audience)) app.all(path, metadata)
  app.use('*', (c, next) => (isMcpPath(new URL(c.req.url).pathname) ? gate(c, next) : next()))
  app.all('*', (c) => worker.fetch(c.req.raw, c.env, c.executionCtx as ExecutionContext, requestAuth(c)))
  return async (request, env, ctx) => app.fetch(request, env, ctx)
}
