// @edgemcp/auth/client: the OAuth 2.1 client of MCP, on web standards (Workers, browsers, Node, Deno, Bun).
// Hand-written: adding an export is an API decision. Give a provider to a client transport as `authProvider`.

export { createOAuthProvider } from './client/create-provider.js'
export type { CreateOAuthProviderOptions } from './client/create-provider.js'
export { OAuthProvider } from './client/provider.js'
export type { OAuthProviderOptions } from './client/provider.js'
export type { AuthorizationRequest, AuthorizeCallback } from './client/authorization-code.js'
export type { ClientIdentity, PreRegisteredClient } from './client/registration.js'
export type { DpopMode } from './client/dpop.js'

// Workloads (MCP authorization extensions)
export {
  createClientCredentialsProvider,
  createEnterpriseProvider,
  createJwtBearerProvider,
} from './client/workload-grants.js'
export type {
  AssertionSource,
  ClientPrivateKey,
  CreateClientCredentialsProviderOptions,
  CreateEnterpriseProviderOptions,
  CreateJwtBearerProviderOptions,
  IdentityProviderOptions,
  WorkloadClient,
} from './client/workload-grants.js'
export type { SigningAlgorithm } from './client/private-key.js'

// Storage
export { kvOAuthStore, MemoryOAuthStore } from './client/store.js'
export type { ClientRecord, ClientSource, KvNamespaceLike, OAuthStore, TokenRecord } from './client/store.js'

// Errors and building blocks
export { OAuthClientError } from './client/errors.js'
export type { OAuthClientErrorCode } from './client/errors.js'
export { parseWwwAuthenticate } from './client/challenge.js'
export type { AuthChallengeParams } from './client/challenge.js'
export { clientMetadataDocument } from './client/metadata-document.js'
export type { FetchLike } from './client/guarded-fetch.js'
