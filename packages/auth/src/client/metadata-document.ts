import { type ClientIdentity, registrationMetadata } from './registration.js'

/**
 * The Client ID Metadata Document to serve at `identity.metadataUrl` (draft-ietf-oauth-client-id-metadata-
 * document; MCP 2025-11-25+ "Client ID Metadata Documents"): its `client_id` is that URL, it asks for refresh
 * tokens (SEP-2207) and authenticates as a public client.
 *
 * @example
 * app.get('/oauth/client.json', (c) => c.json(clientMetadataDocument(identity)))
 */
export function clientMetadataDocument(
  identity: ClientIdentity & { metadataUrl: string },
): Record<string, unknown> {
  return { client_id: identity.metadataUrl, ...registrationMetadata(identity, 'none') }
}
