import * as oauth from 'oauth4webapi'
import { tokenResponse } from './authorization-code.js'
import { OAuthClientError } from './errors.js'
import type { GrantContext, TokenGrant } from './grant.js'
import { secureUrl } from './guarded-fetch.js'
import { libraryOptions } from './library-options.js'
import { type SigningAlgorithm, importPrivateKeyPem } from './private-key.js'
import { OAuthProvider, type OAuthProviderOptions } from './provider.js'
import { clientAuthentication, preRegisteredRecord, secretMethod } from './registration.js'
import type { ClientRecord } from './store.js'

export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer'
const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange'
const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag'
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token'

/** A private key for `private_key_jwt`: a WebCrypto key, or a PKCS#8 PEM with its algorithm. */
export type ClientPrivateKey =
  | CryptoKey
  | { pem: string; algorithm?: SigningAlgorithm | undefined; kid?: string | undefined }

/** How a workload authenticates at the token endpoint: a secret, a private key, or nothing (public client). */
export interface WorkloadClient {
  clientId: string
  clientSecret?: string | undefined
  privateKey?: ClientPrivateKey | undefined
  /** The issuer these credentials belong to; default: bound to the first authorization server used. */
  issuer?: string | undefined
}

/** The identity and token endpoint authentication of a workload client. */
function workloadClient(client: WorkloadClient): Pick<TokenGrant, 'client' | 'authentication'> {
  let key: Promise<CryptoKey> | undefined
  const privateKey = client.privateKey
  return {
    client: async (as, _purpose, store) =>
      preRegisteredRecord(
        as,
        {
          clientId: client.clientId,
          clientSecret: client.clientSecret,
          issuer: client.issuer,
          tokenEndpointAuthMethod: privateKey
            ? 'private_key_jwt'
            : client.clientSecret
              ? secretMethod(as)
              : 'none',
        },
        store,
      ),
    authentication: async (record) => {
      if (!privateKey) return clientAuthentication(record)
      key ??=
        privateKey instanceof CryptoKey
          ? Promise.resolve(privateKey)
          : importPrivateKeyPem(privateKey.pem, privateKey.algorithm)
      const kid = privateKey instanceof CryptoKey ? undefined : privateKey.kid
      return oauth.PrivateKeyJwt(kid === undefined ? await key : { key: await key, kid })
    },
  }
}

/** The `scope` and `resource` parameters of a workload token request. */
function parameters(context: GrantContext, extra: Record<string, string>): URLSearchParams {
  const params = new URLSearchParams(extra)
  if (context.scope) params.set('scope', context.scope)
  params.set('resource', context.resource)
  return params
}

/** A token request of an extension grant at `as` (through the guarded fetch), turned into tokens. */
function extensionGrant(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  authentication: oauth.ClientAuth,
  grantType: string,
  params: URLSearchParams,
  options: {
    fetch: GrantContext['fetch']
    dpop?: oauth.DPoPHandle | undefined
    recognizedTokenTypes?: oauth.RecognizedTokenTypes
  },
): Promise<oauth.TokenEndpointResponse> {
  const { recognizedTokenTypes } = options
  return tokenResponse(as, async () =>
    oauth.processGenericTokenEndpointResponse(
      as,
      client,
      await oauth.genericTokenEndpointRequest(
        as,
        client,
        authentication,
        grantType,
        params,
        libraryOptions(options.fetch, options.dpop),
      ),
      recognizedTokenTypes && { recognizedTokenTypes },
    ),
  )
}

/** A JWT-bearer grant (RFC 7523 §2.1) of `assertion` at the context's authorization server. */
function jwtBearer(context: GrantContext, assertion: string): Promise<oauth.TokenEndpointResponse> {
  const { as } = context
  if (as.grant_types_supported && !as.grant_types_supported.includes(JWT_BEARER_GRANT))
    throw new OAuthClientError('token_request_failed', `${as.issuer} does not support the JWT bearer grant`)
  const client: oauth.Client = { client_id: context.client.client_id }
  return extensionGrant(
    as,
    client,
    context.authentication,
    JWT_BEARER_GRANT,
    parameters(context, { assertion }),
    context,
  )
}

export interface CreateClientCredentialsProviderOptions extends OAuthProviderOptions, WorkloadClient {}

/**
 * OAuth client credentials (OAuth 2.1 §4.2; MCP extension `oauth-client-credentials`) for a workload calling an
 * MCP server on its own behalf: `client_secret_basic`/`client_secret_post` with `clientSecret`, or
 * `private_key_jwt` (RFC 7523 §2.2) with `privateKey`.
 *
 * @example
 * const auth = createClientCredentialsProvider({ serverUrl, clientId: 'reporter', clientSecret: env.SECRET })
 */
export function createClientCredentialsProvider(
  options: CreateClientCredentialsProviderOptions,
): OAuthProvider {
  const grant: TokenGrant = {
    ...workloadClient(options),
    obtain: (context) => {
      const client: oauth.Client = { client_id: context.client.client_id }
      return tokenResponse(context.as, async () =>
        oauth.processClientCredentialsResponse(
          context.as,
          client,
          await oauth.clientCredentialsGrantRequest(
            context.as,
            client,
            context.authentication,
            parameters(context, {}),
            libraryOptions(context.fetch, context.dpop),
          ),
        ),
      )
    },
  }
  return new OAuthProvider(grant, options)
}

/** A JWT assertion, or a function that mints or fetches a fresh one for each token request. */
export type AssertionSource = string | (() => string | Promise<string>)
const assertionOf = async (source: AssertionSource) => (typeof source === 'function' ? source() : source)

export interface CreateJwtBearerProviderOptions extends OAuthProviderOptions, WorkloadClient {
  /** The workload's identity token (e.g. a cloud or CI OIDC token whose audience is the authorization server). */
  assertion: AssertionSource
}

/**
 * The JWT bearer grant (RFC 7523) for workload identity federation (MCP extension `auth/wif`): a platform-issued
 * JWT is exchanged for an access token. A refused assertion is reported, never retried with another grant.
 */
export function createJwtBearerProvider(options: CreateJwtBearerProviderOptions): OAuthProvider {
  const grant: TokenGrant = {
    ...workloadClient(options),
    obtain: async (context) => jwtBearer(context, await assertionOf(options.assertion)),
  }
  return new OAuthProvider(grant, options)
}

/** The enterprise identity provider of the enterprise-managed flow. */
export interface IdentityProviderOptions {
  /** Its token endpoint, where the ID token is exchanged for an identity assertion grant (ID-JAG). */
  tokenEndpoint: string
  /** Its issuer identifier; default the token endpoint's origin. */
  issuer?: string | undefined
  /** This application's client id (and secret, if confidential) at the identity provider. */
  clientId: string
  clientSecret?: string | undefined
  /** The user's ID token from the enterprise login. */
  idToken: AssertionSource
}

export interface CreateEnterpriseProviderOptions extends OAuthProviderOptions, WorkloadClient {
  identityProvider: IdentityProviderOptions
}

/**
 * Enterprise-managed authorization (MCP extension, SEP-990): the user's enterprise ID token is exchanged at the
 * identity provider (RFC 8693) for an ID-JAG naming the MCP server's authorization server and resource, which
 * that authorization server takes as a JWT bearer grant (RFC 7523). No browser round trip.
 */
export function createEnterpriseProvider(options: CreateEnterpriseProviderOptions): OAuthProvider {
  const idp = options.identityProvider
  const grant: TokenGrant = {
    ...workloadClient(options),
    obtain: async (context) => jwtBearer(context, await identityAssertion(idp, context)),
  }
  return new OAuthProvider(grant, options)
}

async function identityAssertion(idp: IdentityProviderOptions, context: GrantContext): Promise<string> {
  const endpoint = secureUrl(idp.tokenEndpoint, 'Identity provider token endpoint')
  const as: oauth.AuthorizationServer = {
    issuer: idp.issuer ?? endpoint.origin,
    token_endpoint: endpoint.href,
  }
  const client: oauth.Client = { client_id: idp.clientId }
  const record: ClientRecord = {
    issuer: as.issuer,
    source: 'pre-registered',
    client_id: idp.clientId,
    ...(idp.clientSecret !== undefined && { client_secret: idp.clientSecret }),
    token_endpoint_auth_method: idp.clientSecret ? 'client_secret_basic' : 'none',
  }
  const params = parameters(context, {
    requested_token_type: ID_JAG,
    audience: context.as.issuer,
    subject_token: await assertionOf(idp.idToken),
    subject_token_type: ID_TOKEN,
  })
  // An ID-JAG is not an access token: RFC 8693 §2.2.1 token_type "N_A".
  const response = await extensionGrant(
    as,
    client,
    clientAuthentication(record),
    TOKEN_EXCHANGE_GRANT,
    params,
    {
      fetch: context.fetch,
      recognizedTokenTypes: { n_a: () => {} },
    },
  )
  if (response.issued_token_type !== ID_JAG)
    throw new OAuthClientError(
      'token_request_failed',
      `The identity provider issued ${JSON.stringify(response.issued_token_type)}, not an ID-JAG`,
    )
  return response.access_token
}
