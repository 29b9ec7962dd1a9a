// @edgemcp/otel public API. Hand-written: adding an export is an API decision.
export { MCP_DURATION_BUCKETS } from './attributes.js'
export { clientTracing } from './client.js'
export type { ClientTracingOptions } from './client.js'
export { metaGetter, metaSetter } from './meta-carrier.js'
export type { TracingOptions } from './options.js'
export { serverTracing } from './server.js'
export type { ServerTracingOptions } from './server.js'
