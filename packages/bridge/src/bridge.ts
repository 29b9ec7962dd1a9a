import type { Readable, Writable } from 'node:stream'
import { type JsonObject, McpClient, McpServer, type Subscription, type Transport } from '@edgemcp/core'
import { FallbackClientTransport } from '@edgemcp/sse'
import { StdioServerTransport } from '@edgemcp/stdio'
import type { BridgeArgs } from './args.js'
import { InputRouter } from './asks.js'
import { Mirror, type Warn } from './mirror.js'

export interface BridgeOptions extends BridgeArgs {
  /** Default process.stdin / process.stdout: the stdio client's side. */
  stdin?: Readable
  stdout?: Writable
  /** One line per message; default: stderr, prefixed `edgemcp-bridge: `. */
  warn?: Warn
  /** The `fetch` of the remote's HTTP transport (tests, proxies). */
  fetch?: typeof fetch
  /** The largest message taken from the remote, in bytes (default 4 MiB, the client transports' default). */
  maxMessageBytes?: number
}

export interface RunningBridge {
  /** The client of the remote server: era, protocol version, server info. */
  readonly remote: McpClient
  /** Ends both sides (idempotent). */
  close(): Promise<void>
  /** Settles when the bridge has stopped; with the reason when the remote side failed. */
  readonly closed: Promise<{ reason: 'stdin' | 'remote'; error?: Error }>
}

/**
 * The remote could not be reached or used at the start. Its message is one line, as a stdio client's log
 * shows it (`cannot reach <url>: <why>`); `cause` is the error underneath (an McpHttpError, a timeout, …).
 */
export class BridgeStartError extends Error {
  override readonly name = 'BridgeStartError'
  constructor(url: URL, cause: unknown) {
    super(`cannot reach ${url.href}: ${oneLine(cause instanceof Error ? cause.message : String(cause))}`, {
      cause,
    })
  }
}

/** How the bridge introduces itself to the remote, and to its stdio client when the remote gives no name. */
const BRIDGE_INFO = { name: 'edgemcp-bridge', version: '0.1.0' }

/** Resource URIs the bridge keeps subscribed at the remote on behalf of its stdio client (a budget). */
const MAX_SUBSCRIPTIONS = 1_000

/**
 * Connects to the remote server, then serves it over stdio until stdin ends or the remote goes away. The
 * stdio side is an McpServer (both eras), so a 2024-11-05 client can use a 2026-07-28-only server and the
 * other way round: the remote's `input_required` rounds become server→client requests, its server→client
 * requests become `input_required` rounds, `resources/subscribe` becomes `subscriptions/listen`.
 */
export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  const warn = options.warn ?? ((line: string) => void process.stderr.write(`edgemcp-bridge: ${line}\n`))
  const router = new InputRouter()
  const remote = new McpClient(BRIDGE_INFO, {
    protocol: options.protocol,
    requestTimeoutMs: options.timeoutMs,
    handlers: router.handlers(),
    onerror: (e) => warn(`remote: ${oneLine(e.message)}`),
  })
  const login = options.auth ? await oauth(options.url, options.auth, warn) : undefined
  const http = {
    headers: options.headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.maxMessageBytes !== undefined ? { maxMessageBytes: options.maxMessageBytes } : {}),
    ...(login ? { authProvider: login.provider } : {}),
  }
  try {
    await remote.connect(new FallbackClientTransport(options.url, http))
  } catch (error) {
    await login?.close()
    throw new BridgeStartError(options.url, error)
  }

  const server = new McpServer(remote.serverInfo ?? BRIDGE_INFO, {
    ...(remote.instructions ? { instructions: remote.instructions } : {}),
  })
  const mirror = new Mirror(remote, server, router, warn)
  try {
    await mirror.syncAll()
  } catch (error) {
    await remote.close().catch(() => {})
    await login?.close()
    throw new BridgeStartError(options.url, error)
  }

  // List changes and resource updates of the remote, on one subscription reopened when its URIs change.
  const uris = new Set<string>()
  let listening: Subscription | undefined
  const listen = () => {
    const caps = remote.serverCapabilities ?? {}
    const old = listening
    listening = remote.listen({
      toolsListChanged: caps.tools !== undefined,
      promptsListChanged: caps.prompts !== undefined,
      resourcesListChanged: caps.resources !== undefined,
      ...(uris.size > 0 ? { resourceSubscriptions: [...uris] } : {}),
    })
    listening.acknowledged.catch((e: unknown) => warn(`remote subscription: ${oneLine(String(e))}`))
    void old?.close()
  }
  const resync = (kind: 'tools' | 'prompts' | 'resources') => () =>
    void mirror
      .sync(kind)
      .catch((e: unknown) => warn(`re-reading the remote's ${kind}: ${oneLine(String(e))}`))
  remote.onNotification('notifications/tools/list_changed', resync('tools'))
  remote.onNotification('notifications/prompts/list_changed', resync('prompts'))
  remote.onNotification('notifications/resources/list_changed', resync('resources'))
  remote.onNotification('notifications/resources/updated', ({ params }) => {
    if (typeof params.uri === 'string') void server.notifyResourceUpdated(params.uri)
  })
  remote.onNotification('notifications/message', ({ params }) => {
    const level = typeof params.level === 'string' ? params.level : 'info'
    void router
      .context()
      ?.log(level as never, params.data, typeof params.logger === 'string' ? params.logger : undefined)
  })
  listen()

  const stdio = new StdioServerTransport({
    ...(options.stdin ? { stdin: options.stdin } : {}),
    ...(options.stdout ? { stdout: options.stdout } : {}),
  })
  const tapped = tap(stdio, (message) => {
    const wanted = subscribedUris(message)
    if (wanted.add.length === 0 && wanted.remove.length === 0) return
    for (const uri of wanted.add) if (uris.size < MAX_SUBSCRIPTIONS) uris.add(uri)
    for (const uri of wanted.remove) uris.delete(uri)
    listen()
  })

  let settle: (value: { reason: 'stdin' | 'remote'; error?: Error }) => void = () => {}
  const closed = new Promise<{ reason: 'stdin' | 'remote'; error?: Error }>((resolve) => {
    settle = resolve
  })
  let closing: Promise<void> | undefined
  const close = (reason: 'stdin' | 'remote', error?: Error): Promise<void> =>
    (closing ??= (async () => {
      await listening?.close().catch(() => {})
      await connection.close().catch(() => {})
      server.close()
      await remote.close().catch(() => {})
      await login?.close()
      settle(error ? { reason, error } : { reason })
    })())
  const connection = await server.connect(tapped)
  const engineOnClose = tapped.onclose
  tapped.onclose = () => {
    engineOnClose?.()
    void close('stdin')
  }
  remote.onclose = () => void close('remote', new Error('the remote server closed the connection'))
  return { remote, close: () => close('stdin'), closed }
}

/**
 * OAuth for the remote: the login opens in the browser on first use (a stdio client has no terminal to ask
 * in), the tokens go to the file edgemcp-codegen uses, and are refreshed from there on.
 */
async function oauth(url: URL, auth: NonNullable<BridgeArgs['auth']>, warn: Warn) {
  const [{ createOAuthProvider }, { FileOAuthStore, defaultOAuthFilePath }, loopback] = await Promise.all([
    import('@edgemcp/auth/client'),
    import('@edgemcp/auth/file-store'),
    import('@edgemcp/auth/loopback'),
  ])
  const callback = await loopback.loopbackLogin({ port: auth.port, appName: 'edgemcp-bridge' })
  const provider = createOAuthProvider({
    serverUrl: url.href,
    client: {
      name: 'edgemcp-bridge',
      redirectUri: callback.redirectUri,
      applicationType: 'native',
      softwareId: 'edgemcp-bridge',
    },
    store: new FileOAuthStore(auth.storePath ?? defaultOAuthFilePath('edgemcp')),
    authorize: async ({ url: login, state }) => {
      warn(`log in to ${login.origin} in your browser (waiting for it): ${login.href}`)
      if (!process.env.CI) loopback.openInBrowser(login.href)
      return callback.wait(state)
    },
  })
  return { provider, close: () => callback.close() }
}

/** The URIs a stdio request subscribes to or unsubscribes from (either era's form). */
function subscribedUris(message: unknown): { add: string[]; remove: string[] } {
  const none = { add: [], remove: [] }
  if (typeof message !== 'object' || message === null) return none
  const { method, params } = message as { method?: unknown; params?: JsonObject }
  if (typeof params !== 'object' || params === null) return none
  if (method === 'resources/subscribe' && typeof params.uri === 'string')
    return { add: [params.uri], remove: [] }
  if (method === 'resources/unsubscribe' && typeof params.uri === 'string')
    return { add: [], remove: [params.uri] }
  if (method === 'subscriptions/listen') {
    const filter = params.notifications as { resourceSubscriptions?: unknown } | undefined
    const list = filter?.resourceSubscriptions
    if (Array.isArray(list))
      return { add: list.filter((u): u is string => typeof u === 'string'), remove: [] }
  }
  return none
}

/** The transport with `see` called on every inbound message before the server gets it. */
function tap(inner: Transport, see: (message: unknown) => void): Transport {
  const outer: Transport = {
    start: () => inner.start(),
    send: (m) => inner.send(m),
    close: () => inner.close(),
  }
  inner.onmessage = (m) => {
    for (const one of Array.isArray(m) ? m : [m]) see(one)
    outer.onmessage?.(m)
  }
  inner.onclose = () => outer.onclose?.()
  inner.onerror = (e) => outer.onerror?.(e)
  return outer
}

export const oneLine = (text: string): string => text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')
