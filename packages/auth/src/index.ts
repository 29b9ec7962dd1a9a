// @edgemcp/auth public API. Hand-written: adding an export is an API decision.

// Bearer middleware (MCP authorization, RFC 6750) and the principal on the Hono context
export { bearerAuth, getAuth, requestAuth } from './bearer-auth.js'
export type { BearerAuthOptions } from './bearer-auth.js'
export { bearerGuard } from './bearer-guard.js'
export type { BearerGrant, BearerGuard, BearerGuardOptions, FetchLike } from './bearer-guard.js'
export { principalId, scopesOf } from './principal.js'
export type { AuthPrincipal, JwtPrincipal } from './principal.js'
export { bearerChallenge, isScopeToken } from './www-authenticate.js'
export { toolScopes } from './tool-scopes.js'
export type { ToolScopes, ToolScopesOptions } from './tool-scopes.js'
export type { BearerChallenge, BearerErrorCode } from './www-authenticate.js'

// Errors
export { AuthError, isAuthError } from './errors.js'
export type { AuthErrorReason } from './errors.js'

// JWT verification on WebCrypto
export { createJwtVerifier } from './verifier.js'
export type { JwtVerifier, JwtVerifierOptions } from './verifier.js'
export { SUPPORTED_ALGORITHMS } from './algorithms.js'
export type { Jwk, JwsAlgorithm } from './algorithms.js'
export { cacheMaxAge, RemoteJwks, staticJwks } from './jwks.js'
export type { JsonWebKeySet, JwksSource, RemoteJwksOptions } from './jwks.js'
export { decodeJwt } from './jwt.js'
export type { DecodedJwt, JwsHeader, JwtClaims } from './jwt.js'

// RFC 9728 protected-resource metadata
export {
  PROTECTED_RESOURCE_WELL_KNOWN,
  protectedResourceMetadata,
  protectedResourceMetadataApp,
  protectedResourceMetadataDocument,
  protectedResourceMetadataPaths,
  protectedResourceMetadataUrl,
} from './metadata.js'
export type { ProtectedResourceMetadata, ProtectedResourceMetadataOptions } from './metadata.js'

// Session binding
export {
  bindingSessionFactory,
  bindSessionToPrincipal,
  SESSION_PRINCIPAL_MISMATCH_STATUS,
  sessionBelongsTo,
  sessionGuard,
} from './session-binding.js'
export type { PrincipalBoundSession, SessionGuardOptions } from './session-binding.js'
