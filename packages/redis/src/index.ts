// @edgemcp/redis public API: MCP fleets on Redis (sessions, resumable streams, server→client requests and
// notifications shared by every instance behind a load balancer).

export { createRedisFleet, RedisFleet } from './fleet.js'
export type { RedisHandlerOptions } from './fleet.js'
export type { RedisFleetOptions } from './options.js'
export { RedisSessionStore } from './session-store.js'
export { RedisEventStore } from './event-store.js'
export { createRedisTaskStore } from './task-store.js'
export type { RedisCommandClient, RedisTaskStoreOptions } from './task-store.js'
