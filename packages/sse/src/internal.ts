// @edgemcp/sse/internal: building blocks of an auto endpoint with stores of its own (@edgemcp/workers). NOT
// public API: anything here may change in any release.

export { autoServe, autoSseEndpoint } from './server/auto-endpoint.js'
export { SseEndpoint } from './server/sse-endpoint.js'
export type { SseStores } from './server/sse-endpoint.js'
export { sseStoresOf } from './server/sse-sessions.js'
