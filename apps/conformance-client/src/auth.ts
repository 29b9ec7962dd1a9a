import {
  type AuthorizationRequest,
  createClientCredentialsProvider,
  createEnterpriseProvider,
  createJwtBearerProvider,
  createOAuthProvider,
  type OAuthProvider,
  type SigningAlgorithm,
} from '@edgemcp/auth/client'
import { connect, newClient } from './connect.js'
import { field, type Run } from './context.js'

/** Our client metadata document URL (the suite's CIMD scenarios expect exactly this one). */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json'
const REDIRECT_URI = 'http://localhost:3000/callback'

/**
 * The user's part of a login, done by a program: the suite's authorization endpoints approve at once and
 * redirect, so following that one redirect yields the callback URL (code, state, iss) a browser would reach.
 */
async function approveInBrowser(request: AuthorizationRequest): Promise<string> {
  const response = await fetch(request.url, { redirect: 'manual' })
  await response.body?.cancel()
  const location = response.headers.get('location')
  if (!location) throw new Error(`The authorization endpoint answered ${response.status} without a redirect`)
  return new URL(location, request.url).href
}

/** The provider a user of edgemcp would configure for each authorization scenario. */
export function providerFor(run: Run): OAuthProvider {
  const serverUrl = run.serverUrl
  switch (run.scenario) {
    case 'auth/client-credentials-basic':
      return createClientCredentialsProvider({
        serverUrl,
        clientId: field(run, 'client_id'),
        clientSecret: field(run, 'client_secret'),
      })
    case 'auth/client-credentials-jwt':
      return createClientCredentialsProvider({
        serverUrl,
        clientId: field(run, 'client_id'),
        privateKey: {
          pem: field(run, 'private_key_pem'),
          algorithm: (run.context.signing_algorithm as SigningAlgorithm | undefined) ?? 'ES256',
        },
      })
    case 'auth/wif-jwt-bearer':
      return createJwtBearerProvider({
        serverUrl,
        clientId: field(run, 'client_id'),
        assertion: field(run, 'valid_jwt'),
      })
    case 'auth/enterprise-managed-authorization':
      return createEnterpriseProvider({
        serverUrl,
        clientId: field(run, 'client_id'),
        clientSecret: field(run, 'client_secret'),
        identityProvider: {
          issuer: field(run, 'idp_issuer'),
          tokenEndpoint: field(run, 'idp_token_endpoint'),
          clientId: field(run, 'idp_client_id'),
          idToken: field(run, 'idp_id_token'),
        },
      })
    default:
      return createOAuthProvider({
        serverUrl,
        client: {
          name: 'edgemcp conformance client',
          redirectUri: REDIRECT_URI,
          metadataUrl: CLIENT_METADATA_URL,
        },
        ...(run.scenario === 'auth/pre-registration' && {
          preRegistered: { clientId: field(run, 'client_id'), clientSecret: field(run, 'client_secret') },
        }),
        authorize: approveInBrowser,
      })
  }
}

/** Every authorization scenario: connect through the provider, list the tools, call the suite's tool. */
export async function runAuthScenario(run: Run): Promise<void> {
  const client = newClient(run)
  await connect(client, run, { authProvider: providerFor(run) })
  try {
    await client.listTools()
    await client.callTool({ name: 'test-tool', arguments: {} })
  } finally {
    await client.close()
  }
}
