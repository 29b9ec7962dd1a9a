import { ConnectionClosedError, McpLocalError } from '../errors/local-error.js'
import type { RequestId } from '../jsonrpc/types.js'
import { META_SUBSCRIPTION_ID } from '../protocol/meta.js'
import type {
  JsonObject,
  NotificationHandler,
  ClientRequestOptions,
  ServerNotification,
  Subscription,
  SubscriptionFilter,
} from './types.js'
import { isObject } from '../protocol/json.js'

interface Deferred<T> {
  promise: Promise<T>
  resolve: (v: T) => void
  reject: (e: Error) => void
  settled: boolean
}

function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void
  let reject!: (e: Error) => void
  const d: Deferred<T> = {
    promise: new Promise<T>((res, rej) => {
      resolve = res
      reject = rej
    }),
    resolve: (v) => {
      d.settled = true
      resolve(v)
    },
    reject: (e) => {
      d.settled = true
      reject(e)
    },
    settled: false,
  }
  d.promise.catch(() => {}) // a subscription nobody awaits must not raise an unhandled rejection
  return d
}

interface Active {
  callback: NotificationHandler | undefined
  ack: Deferred<SubscriptionFilter>
  /** The server tore the subscription down (notifications/cancelled naming it). */
  endedByServer: () => void
}

/** What the subscriptions need from the client. */
export interface ListenHost {
  nextId(): RequestId
  /** One wire request (no MRTR), with an explicit id. */
  wire(
    method: string,
    params: JsonObject,
    options: ClientRequestOptions & { id: RequestId },
  ): Promise<JsonObject>
  /** Fails a pending request locally, without telling the server. */
  failLocally(id: RequestId, error: Error): void
}

/**
 * Modern `subscriptions/listen` streams (2026-07-28 basic/patterns/subscriptions): each is a long-lived request
 * whose notifications carry its id in `_meta["io.modelcontextprotocol/subscriptionId"]`. The router hands
 * them to the subscription's callback and settles `acknowledged` on `notifications/subscriptions/acknowledged`.
 */
export class SubscriptionRouter {
  readonly #active = new Map<RequestId, Active>()

  listen(host: ListenHost, filter: SubscriptionFilter, callback?: NotificationHandler): Subscription {
    const id = host.nextId()
    const ack = deferred<SubscriptionFilter>()
    const controller = new AbortController()
    let serverEnded = false
    this.#active.set(id, {
      callback,
      ack,
      endedByServer: () => {
        serverEnded = true
        host.failLocally(id, new McpLocalError('closed', 'The server ended the subscription'))
      },
    })
    const closed = deferred<void>()
    host
      .wire(
        'subscriptions/listen',
        { notifications: { ...filter } },
        { id, timeoutMs: 0, signal: controller.signal },
      )
      .then(
        () => closed.resolve(),
        (e: Error) => (controller.signal.aborted || serverEnded ? closed.resolve() : closed.reject(e)),
      )
      .finally(() => {
        this.#active.delete(id)
        if (!ack.settled)
          ack.reject(new McpLocalError('closed', 'The subscription ended before it was acknowledged'))
      })
    return {
      id,
      acknowledged: ack.promise,
      closed: closed.promise,
      close: async () => {
        controller.abort(new Error('subscription closed by the client'))
        await closed.promise.catch(() => {})
      },
    }
  }

  /** Delivers a notification tagged with a subscription id; false when it belongs to no subscription. */
  route(notification: ServerNotification): boolean {
    const meta = notification.params._meta
    const id = isObject(meta) ? meta[META_SUBSCRIPTION_ID] : undefined
    if (typeof id !== 'string' && typeof id !== 'number') return false
    const sub = this.#active.get(id)
    if (!sub) return false
    if (notification.method === 'notifications/subscriptions/acknowledged') {
      const honoured = notification.params.notifications
      sub.ack.resolve(isObject(honoured) ? (honoured as SubscriptionFilter) : {})
    } else sub.callback?.(notification)
    return true
  }

  /** `notifications/cancelled` from the server naming a subscription: it was torn down. */
  serverCancelled(id: unknown): boolean {
    if (typeof id !== 'string' && typeof id !== 'number') return false
    const sub = this.#active.get(id)
    sub?.endedByServer()
    return sub !== undefined
  }
}

/** What the legacy emulation of listen() needs. */
export interface LegacyListenHost {
  serverCapabilities: JsonObject | undefined
  request(method: string, params: JsonObject): Promise<unknown>
  onNotification(method: string, handler: NotificationHandler): () => void
  whenClosed: Promise<void>
}

const LIST_FLAGS = [
  ['toolsListChanged', 'tools', 'notifications/tools/list_changed'],
  ['promptsListChanged', 'prompts', 'notifications/prompts/list_changed'],
  ['resourcesListChanged', 'resources', 'notifications/resources/list_changed'],
] as const

/**
 * listen() on a legacy connection: list_changed notifications arrive unasked on the session, and resource
 * updates need `resources/subscribe`. Honours what the server's capabilities allow; close() unsubscribes.
 */
export function listenLegacy(
  host: LegacyListenHost,
  id: RequestId,
  filter: SubscriptionFilter,
  callback?: NotificationHandler,
): Subscription {
  const caps = host.serverCapabilities ?? {}
  const honoured: SubscriptionFilter = {}
  const offs: Array<() => void> = []
  for (const [flag, cap, method] of LIST_FLAGS) {
    const c = caps[cap]
    if (filter[flag] !== true || !isObject(c) || c.listChanged !== true) continue
    honoured[flag] = true
    offs.push(host.onNotification(method, (n) => callback?.(n)))
  }
  const resources = caps.resources
  const canSubscribe = isObject(resources) && resources.subscribe === true
  const uris = canSubscribe ? (filter.resourceSubscriptions ?? []) : []
  const watched = new Set(uris)
  if (filter.resourceSubscriptions && canSubscribe) honoured.resourceSubscriptions = [...uris]
  offs.push(
    host.onNotification('notifications/resources/updated', (n) => {
      if (typeof n.params.uri === 'string' && watched.has(n.params.uri)) callback?.(n)
    }),
  )
  const ack = deferred<SubscriptionFilter>()
  const closed = deferred<void>()
  const subscribed = Promise.all(uris.map((uri) => host.request('resources/subscribe', { uri })))
  subscribed.then(
    () => ack.resolve(honoured),
    (e: Error) => ack.reject(e),
  )
  host.whenClosed.then(() => {
    for (const off of offs) off()
    if (!closed.settled) closed.reject(new ConnectionClosedError())
  })
  let closing: Promise<void> | undefined
  return {
    id,
    acknowledged: ack.promise,
    closed: closed.promise,
    close: () => (closing ??= end()),
  }

  async function end(): Promise<void> {
    if (closed.settled) return
    for (const off of offs) off()
    await subscribed.catch(() => {})
    await Promise.all(uris.map((uri) => host.request('resources/unsubscribe', { uri }))).catch(() => {})
    closed.resolve()
  }
}
