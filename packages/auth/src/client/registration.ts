import * as oauth from 'oauth4webapi'
import { OAuthClientError } from './errors.js'
import { isLoopbackUrl, secureUrl } from './guarded-fetch.js'
import { libraryOptions } from './library-options.js'
import type { FetchLike } from './guarded-fetch.js'
import { type ClientRecord, clientKey, isClientRecord, type OAuthStore, readRecord } from './store.js'

/** The application, as an OAuth client of any authorization server it meets. */
export interface ClientIdentity {
  /** `client_name` shown on consent screens. */
  name: string
  /** Where the authorization server sends the user back (loopback http for CLIs: RFC 8252 §7.3). */
  redirectUri: string
  /**
   * The https URL of this client's metadata document (Client ID Metadata Documents): used as the client id
   * where the authorization server supports them, instead of registering. See `clientMetadataDocument`.
   */
  metadataUrl?: string | undefined
  /** OIDC `application_type` for registration; default `native` for a loopback redirect, else `web`. */
  applicationType?: 'native' | 'web' | undefined
  /** `client_uri`, `logo_uri`, `software_id`, `software_version` for registration. */
  uri?: string | undefined
  logoUri?: string | undefined
  softwareId?: string | undefined
  softwareVersion?: string | undefined
}

/** Client credentials issued out of band, for one authorization server (MCP "Pre-registration"). */
export interface PreRegisteredClient {
  clientId: string
  clientSecret?: string | undefined
  /** Default: `client_secret_basic` with a secret (`client_secret_post` if the server only takes that), else `none`. */
  tokenEndpointAuthMethod?:
    | 'client_secret_basic'
    | 'client_secret_post'
    | 'private_key_jwt'
    | 'none'
    | undefined
  /**
   * The issuer these credentials belong to. Without it they are bound to the first authorization server used,
   * and refused for any other (they must never be sent to a different server: SEP-2352).
   */
  issuer?: string | undefined
}

const SECRET_METHODS = ['client_secret_basic', 'client_secret_post'] as const
const BOUND_ISSUER_KEY = 'oauth:pre-registered-issuer'

/** The token endpoint authentication methods `as` accepts (RFC 8414 §2: default `client_secret_basic`). */
const acceptedMethods = (as: oauth.AuthorizationServer): string[] =>
  as.token_endpoint_auth_methods_supported ?? ['client_secret_basic']

/** The method to authenticate with a secret at `as`: basic unless it only takes post. */
export function secretMethod(as: oauth.AuthorizationServer): 'client_secret_basic' | 'client_secret_post' {
  return acceptedMethods(as).includes('client_secret_basic') ||
    !acceptedMethods(as).includes('client_secret_post')
    ? 'client_secret_basic'
    : 'client_secret_post'
}

/** The client authentication oauth4webapi applies at the token endpoint for a record. */
export function clientAuthentication(record: ClientRecord): oauth.ClientAuth {
  const method = record.token_endpoint_auth_method
  if (method === 'none' || !record.client_secret) return oauth.None()
  return method === 'client_secret_post'
    ? oauth.ClientSecretPost(record.client_secret)
    : clientSecretBasic(record.client_secret)
}

/**
 * `client_secret_basic` (RFC 6749 §2.3.1) with the id and secret percent-encoded as URI components. Written
 * here instead of oauth4webapi's `ClientSecretBasic`, which also encodes unreserved characters (`-` becomes
 * `%2D`): servers that compare the decoded Basic credentials without form-decoding them (common, and the
 * conformance suite's authorization servers among them) then refuse `my-client`. Unreserved characters need no
 * encoding in either scheme, so both kinds of server accept this form.
 */
export function clientSecretBasic(secret: string): oauth.ClientAuth {
  return (_as, client, _body, headers) => {
    const credentials = `${encodeURIComponent(client.client_id)}:${encodeURIComponent(secret)}`
    headers.set('authorization', `Basic ${btoa(credentials)}`)
  }
}

export interface ResolveClientOptions {
  identity: ClientIdentity
  /** Register when nothing else gives an identity (false: fail instead, e.g. to refresh). */
  register: boolean
  preRegistered: PreRegisteredClient | undefined
  store: OAuthStore
  fetch: FetchLike
}

/**
 * The client id to use at `as`, in the order MCP clients should prefer (2026-07-28 "Client Registration"):
 * pre-registered credentials, a client metadata document where supported, a registration remembered for this
 * issuer, dynamic registration. Registrations are stored per issuer and never reused at another one.
 */
export async function resolveClient(
  as: oauth.AuthorizationServer,
  options: ResolveClientOptions,
): Promise<ClientRecord> {
  const { identity, preRegistered, store } = options
  if (preRegistered) return preRegisteredRecord(as, preRegistered, store)
  if (identity.metadataUrl && as.client_id_metadata_document_supported === true)
    return {
      issuer: as.issuer,
      source: 'metadata-document',
      client_id: checkMetadataUrl(identity.metadataUrl),
      token_endpoint_auth_method: 'none',
    }
  const stored = await readRecord<ClientRecord>(store, clientKey(as.issuer), isClientRecord)
  if (stored?.source === 'dynamic-registration' && usable(stored, identity)) return stored
  if (!options.register)
    throw new OAuthClientError('registration_unavailable', `No client registered with ${as.issuer} yet`)
  if (!as.registration_endpoint)
    throw new OAuthClientError(
      'registration_unavailable',
      `The authorization server ${as.issuer} offers no dynamic client registration` +
        `${identity.metadataUrl ? ' and no client metadata documents' : ''}; give the provider pre-registered ` +
        'credentials (clientId, clientSecret) for it',
    )
  const record = await register(as, identity, options.fetch)
  await store.set(clientKey(as.issuer), JSON.stringify(record))
  return record
}

/**
 * The record of out-of-band credentials at `as`, bound to their issuer: given explicitly, or the first
 * authorization server they are used with (remembered in the store); any other issuer is refused.
 */
export async function preRegisteredRecord(
  as: oauth.AuthorizationServer,
  client: PreRegisteredClient,
  store: OAuthStore,
): Promise<ClientRecord> {
  const bound = client.issuer ?? (await store.get(BOUND_ISSUER_KEY)) ?? undefined
  if (bound !== undefined && bound !== as.issuer)
    throw new OAuthClientError(
      'authorization_server_changed',
      `The pre-registered client ${client.clientId} belongs to ${bound}, but the MCP server now names the ` +
        `authorization server ${as.issuer}; refusing to send its credentials there (register a client with it)`,
    )
  if (bound === undefined) await store.set(BOUND_ISSUER_KEY, as.issuer)
  const method = client.tokenEndpointAuthMethod ?? (client.clientSecret ? secretMethod(as) : 'none')
  return {
    issuer: as.issuer,
    source: 'pre-registered',
    client_id: client.clientId,
    ...(client.clientSecret !== undefined && { client_secret: client.clientSecret }),
    token_endpoint_auth_method: method,
  }
}

/** A remembered registration still fits: same redirect URI, secret not expired. */
function usable(record: ClientRecord, identity: ClientIdentity): boolean {
  const expires = record.client_secret_expires_at ?? 0
  const fresh = expires === 0 || expires * 1000 > Date.now() + 60_000
  return fresh && (record.redirect_uris?.includes(identity.redirectUri) ?? false)
}

function checkMetadataUrl(value: string): string {
  const url = secureUrl(value, 'Client metadata document')
  if (url.protocol !== 'https:' || url.pathname === '/' || url.hash)
    throw new OAuthClientError(
      'insecure_url',
      `The client metadata document URL ${value} must be https with a path (client ID metadata documents §3)`,
    )
  return value
}

/** The registration metadata of this client (RFC 7591 §2, OIDC Registration `application_type`). */
export function registrationMetadata(
  identity: ClientIdentity,
  authMethod: string,
): Record<string, string | string[]> {
  const redirect = secureUrl(identity.redirectUri, 'redirect_uri')
  return {
    client_name: identity.name,
    redirect_uris: [identity.redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: authMethod,
    application_type: identity.applicationType ?? (isLoopbackUrl(redirect) ? 'native' : 'web'),
    ...(identity.uri !== undefined && { client_uri: identity.uri }),
    ...(identity.logoUri !== undefined && { logo_uri: identity.logoUri }),
    ...(identity.softwareId !== undefined && { software_id: identity.softwareId }),
    ...(identity.softwareVersion !== undefined && { software_version: identity.softwareVersion }),
  }
}

async function register(
  as: oauth.AuthorizationServer,
  identity: ClientIdentity,
  fetchImpl: FetchLike,
): Promise<ClientRecord> {
  const accepted = acceptedMethods(as)
  // A native app cannot keep a secret: prefer a public client where the server allows one.
  const requested = accepted.includes('none')
    ? 'none'
    : (SECRET_METHODS.find((m) => accepted.includes(m)) ?? 'none')
  let registered: oauth.OmitSymbolProperties<oauth.Client>
  try {
    const response = await oauth.dynamicClientRegistrationRequest(
      as,
      registrationMetadata(identity, requested),
      libraryOptions(fetchImpl),
    )
    registered = await oauth.processDynamicClientRegistrationResponse(await withSecretExpiry(response))
  } catch (cause) {
    throw new OAuthClientError(
      'registration_failed',
      `Dynamic client registration at ${as.registration_endpoint} failed: ${describe(cause)}`,
      { cause },
    )
  }
  const secret = typeof registered.client_secret === 'string' ? registered.client_secret : undefined
  const method =
    typeof registered.token_endpoint_auth_method === 'string'
      ? registered.token_endpoint_auth_method
      : secret
        ? requested === 'none'
          ? secretMethod(as)
          : requested
        : 'none'
  const expires = registered.client_secret_expires_at
  return {
    issuer: as.issuer,
    source: 'dynamic-registration',
    client_id: registered.client_id,
    ...(secret !== undefined && { client_secret: secret }),
    token_endpoint_auth_method: method,
    ...(typeof expires === 'number' && { client_secret_expires_at: expires }),
    redirect_uris: [identity.redirectUri],
  }
}

/**
 * RFC 7591 §3.2.1 makes `client_secret_expires_at` required with a `client_secret`, and oauth4webapi insists;
 * many servers leave it out. Read a missing one as 0 ("does not expire") instead of refusing the registration.
 */
async function withSecretExpiry(response: Response): Promise<Response> {
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  const patch =
    typeof body === 'object' &&
    body !== null &&
    'client_secret' in body &&
    !('client_secret_expires_at' in body)
  return new Response(patch ? JSON.stringify({ ...(body as object), client_secret_expires_at: 0 }) : text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
}

/** A one-line account of an oauth4webapi or fetch failure (the server's `error` and description when given). */
export function describe(cause: unknown): string {
  if (cause instanceof oauth.ResponseBodyError)
    return `${cause.error}${cause.error_description ? ` (${cause.error_description})` : ''} [HTTP ${cause.status}]`
  return cause instanceof Error ? cause.message : String(cause)
}
