import { hubStub } from './bindings.js'
import { type McpWorkerOptions, resolveWorkerOptions } from './options.js'
import type { ListKind } from './server-events.js'

export interface HubOptions {
  /** Default `MCP_HUB`. */
  hubBinding?: string
  /** Default `global`. */
  hubName?: string
}

/** The hub, found with the defaults of `createMcpWorker`. */
const hub = (env: unknown, o: HubOptions) =>
  hubStub(env, resolveWorkerOptions(o as McpWorkerOptions<unknown>))

/**
 * Tells every client subscribed to `uri`, on any isolate and in either era, that the resource changed
 * (`notifications/resources/updated`). Call it from anywhere with the Worker's `env`: a tool, a cron
 * trigger, a queue consumer. Inside a tool, `server.notifyResourceUpdated(uri)` does the same.
 *
 * @example
 * await notifyResourceUpdated(env, `note://${id}`)
 */
export function notifyResourceUpdated(env: unknown, uri: string, options: HubOptions = {}): Promise<void> {
  return hub(env, options).publish({ type: 'resource-updated', uri })
}

/**
 * Tells every listening client that a list changed (`notifications/{kind}/list_changed`), e.g. after a
 * resource was added to what a template's `list` returns.
 *
 * @example
 * await notifyListChanged(env, 'resources')
 */
export function notifyListChanged(env: unknown, kind: ListKind, options: HubOptions = {}): Promise<void> {
  return hub(env, options).publish({ type: kind })
}
