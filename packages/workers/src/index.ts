// @edgemcp/workers public API: MCP servers on Cloudflare Workers and Durable Objects.

export { createMcpWorker } from './create-mcp-worker.js'
export type { McpWorker } from './create-mcp-worker.js'
export type {
  McpWorkerOptions,
  ServerFactoryContext,
  ServerRole,
  WorkerHandlerOptions,
  WorkerTaskOptions,
} from './options.js'
export { createMcpTaskObject } from './task-object.js'
export type {
  McpTaskObjectClass,
  McpTaskObjectInstance,
  McpTaskObjectOptions,
  TaskObjectContext,
  TaskObjectRpc,
} from './task-object.js'
export { durableTaskStore, durableTasks } from './durable-tasks.js'
export type { DurableTasks } from './durable-tasks.js'
export { notifyListChanged, notifyResourceUpdated } from './notify.js'
export type { HubOptions } from './notify.js'
export type { ListKind, ServerEvent } from './server-events.js'
export type { HubRpc, SessionRpc } from './bindings.js'
export type { McpSessionObjectClass, McpSessionObjectInstance } from './session-object.js'
export type { McpHubObjectClass, McpHubObjectInstance } from './hub-object.js'

// Building blocks, for a Durable Object of your own that keeps MCP state in SQLite
export { SqlSessionStore } from './sql-session-store.js'
export type { SqlSessionStoreOptions } from './sql-session-store.js'
export { SqlEventStore } from './sql-event-store.js'
export { SqlTaskStore } from './sql-task-store.js'
export type { SqlTaskStoreOptions } from './sql-task-store.js'
export type { SqlEventStoreOptions } from './sql-event-store.js'
export { createSessionTables } from './sql-schema.js'
export { ServerRequestLog } from './server-requests.js'
