import {
  AuthorizationError,
  CimdFetchError,
  type OAuthHelpers,
  OAuthProvider,
  type OAuthResourceContext,
} from '@cloudflare/workers-oauth-provider'
import type { McpWorker } from '@edgemcp/workers'
import { consentPage, errorPage } from './consent-page.js'

/** What the authorization server can grant; `mcp` is what any access needs. */
export const OAUTH_SCOPES = ['mcp', 'offline_access']
const REQUIRED_SCOPES = ['mcp']
const USER = /^[A-Za-z0-9._-]{1,64}$/

/** What a grant carries to the MCP handler (`ctx.props`): who signed in. */
interface Props {
  userId: string
}

type OAuthEnv = Env & { OAUTH_PROVIDER: OAuthHelpers }
/** Who calls the MCP server: the fourth argument of the worker's `fetch`. */
type RequestAuth = NonNullable<Parameters<McpWorker<Env>['fetch']>[3]>

/**
 * The public origin: `OAUTH_PUBLIC_URL`, else — on loopback only, for `wrangler dev` on any port — the origin
 * the request came to. Never a Host header from the internet: the issuer and the resource are identities.
 */
function publicOrigin(request: Request, env: Env): string {
  if (env.OAUTH_PUBLIC_URL) return new URL(env.OAUTH_PUBLIC_URL).origin
  const url = new URL(request.url)
  if (/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(url.hostname)) return url.origin
  throw new Error('OAUTH_PUBLIC_URL is not set: set it to this Worker’s public origin (wrangler.jsonc, vars)')
}

/**
 * The Worker as its own OAuth 2.1 authorization server (@cloudflare/workers-oauth-provider): discovery
 * (RFC 8414, RFC 9728 for `/mcp`), dynamic client registration at `/oauth/register`, the token endpoint at
 * `/oauth/token` (refresh tokens with `offline_access`), and `/authorize`, the sign-in and consent page here.
 * Requests to `mcpPath` need one of its tokens; the signed-in user reaches the MCP server as the caller
 * (`ctx.authInfo`: subject, issuer, scopes).
 */
export function withAuthorizationServer(
  worker: Pick<McpWorker<Env>, 'fetch'>,
  mcpPath: string,
): (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response> {
  const providers = new Map<string, OAuthProvider<Env>>()
  const providerFor = (origin: string) => {
    let provider = providers.get(origin)
    if (provider) return provider
    provider = new OAuthProvider<Env>({
      apiRoute: mcpPath,
      apiHandler: {
        fetch: (request, env, ctx) => {
          const { auth, props } = ctx as OAuthResourceContext<Props>
          const caller: RequestAuth = {
            principal: `${origin}|${props.userId}`,
            authInfo: {
              subject: props.userId,
              issuer: origin,
              scopes: auth.scope,
              clientId: auth.clientId ?? null,
            },
          }
          return worker.fetch(request, env, ctx, caller)
        },
      },
      defaultHandler: {
        fetch: (request, env, ctx) =>
          new URL(request.url).pathname === '/authorize'
            ? authorize(request, env as OAuthEnv)
            : worker.fetch(request, env, ctx),
      },
      authorizeEndpoint: '/authorize',
      tokenEndpoint: '/oauth/token',
      clientRegistrationEndpoint: '/oauth/register',
      scopesSupported: OAUTH_SCOPES,
      requiredScopes: REQUIRED_SCOPES,
      resourceMetadata: { resource: `${origin}${mcpPath}`, authorization_servers: [origin] },
    })
    providers.set(origin, provider)
    return provider
  }
  return async (request, env, ctx) => providerFor(publicOrigin(request, env)).fetch(request, env, ctx)
}

/** `/authorize`: GET shows the sign-in and consent page, POST approves or denies it. */
async function authorize(request: Request, env: OAuthEnv): Promise<Response> {
  const oauth = env.OAUTH_PROVIDER
  try {
    if (request.method === 'GET') {
      const authRequest = await oauth.parseAuthRequest(request)
      const details = await oauth.describeConsent(authRequest)
      const consent = await oauth.beginConsent(authRequest)
      consent.headers.set('Content-Type', 'text/html; charset=utf-8')
      return new Response(consentPage(details, consent.handle), { headers: consent.headers })
    }
    if (request.method !== 'POST') return new Response('Method Not Allowed', { status: 405 })
    const form = await request.formData()
    const handle = String(form.get('handle') ?? '')
    if (form.get('decision') !== 'approve') {
      const denied = await oauth.denyConsent(request, handle)
      return new Response(null, { status: 302, headers: denied.headers })
    }
    const user = String(form.get('user') ?? '')
    if (!USER.test(user)) return errorPage('Give a user name: letters, digits, dot, dash or underscore.')
    const approved = await oauth.approveConsent(request, handle, { scope: form.getAll('scope').map(String) })
    const { redirectTo } = await oauth.completeAuthorization({
      request: approved.request,
      userId: user,
      metadata: {},
      scope: approved.request.scope,
      props: { userId: user } satisfies Props,
    })
    approved.headers.set('Location', redirectTo)
    return new Response(null, { status: 302, headers: approved.headers })
  } catch (error) {
    // Redirect back only to a client and redirect URI the library validated; show everything else here.
    if (error instanceof AuthorizationError && error.redirectTo)
      return Response.redirect(error.redirectTo, 302)
    if (error instanceof AuthorizationError) return errorPage(error.description)
    if (error instanceof CimdFetchError) return errorPage('This app could not be verified.')
    throw error
  }
}
