// @edgemcp/sse/internal: building blocks of an auto endpoint with stores of its own (@edgemcp/workers). NOT
// public API: anything here may change in any release.

export { autoServe, autoSseEndpoint } from './server/auto-endpoint.js'
export { SseEndpoint } from './server/sse-endpoint.js'
export { sseSessionsOf } from './server/sse-sessions.js'
