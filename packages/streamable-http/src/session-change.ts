import { isObject } from '@edgemcp/core/internal'

/**
 * Legacy methods whose handling changes what `ServerSession.snapshot()` holds: the negotiated version and
 * client (`initialize`), the log level, the resource subscriptions.
 */
const SESSION_METHODS: ReadonlySet<unknown> = new Set([
  'initialize',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
])

const changesOne = (v: unknown): boolean => isObject(v) && SESSION_METHODS.has(v.method)

/** Whether a POSTed message, or any message of a batch, may change its legacy session (see `onSessionChange`). */
export function changesSession(value: unknown): boolean {
  return Array.isArray(value) ? value.some(changesOne) : changesOne(value)
}
