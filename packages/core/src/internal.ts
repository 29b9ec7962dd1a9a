// @edgemcp/core/internal: building blocks shared by the @edgemcp transports. NOT public API: anything here may
// change or go away in any release. Applications import from '@edgemcp/core'.

export { internalsOf } from './server/engine.js'
export { handleNow } from './server/handle-now.js'
export type { ServerInternals } from './server/engine.js'
export { createSessionId } from './server/session.js'
export { compileSchema } from './server/schema-validation.js'
export type { CompiledSchema, SchemaIssue } from './server/schema-validation.js'
export { isObject } from './protocol/json.js'
export { decodeBase64Url, encodeBase64Url } from './protocol/base64url.js'
export { readMeta } from './protocol/meta.js'
export { resourceNotFoundCode, supportsBatch } from './protocol/versions.js'
export { RESULT_DEFINITIONS } from './protocol/result-definitions.js'
export { displayUrl, HTTP_ERROR_BODY_BYTES, readExcerpt } from './client/http-error.js'
export { checkHeaderSize, readLimitedText, resolveLimits } from './client/response-limits.js'
export { taskOwner } from './tasks/limits.js'
export { RequestsById } from './server/requests-by-id.js'
export type { RequestEntry } from './server/requests-by-id.js'
