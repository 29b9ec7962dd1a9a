import {
  type McpServer,
  MODERN_VERSIONS,
  ProtocolError,
  readId,
  requestedModernVersion,
  UnsupportedProtocolVersionError,
} from '@edgemcp/core'
import { isObject } from '@edgemcp/core/internal'
import type { ToolServer } from '@edgemcp/core/tools-only'
import { ClientLimits, clientKeyOf, nodeRemoteAddress, RETRY_AFTER } from './admission.js'
import { Answer } from './answer.js'
import { refuse } from './body.js'
import { RequestCancellation } from './cancellation.js'
import { versionHeader } from './classify.js'
import { EventStream } from './event-stream.js'
import { errorResponse, transportError } from './http-error.js'
import { checkModernHeaders } from './modern-headers.js'
import { type McpFetchHandlerOptions, type ResolvedOptions, resolveOptions } from './options.js'
import { fetchHandler, type McpFetch, type McpRequestContext } from './request-context.js'
import { readPost } from './post.js'
import { checkRequestOrigin } from './security.js'
import type { ConnectOptions } from './sse-connection.js'
import type { StreamHost } from './state.js'
import { waitUntilOf } from './wait-until.js'

/**
 * Options of `createStatelessFetchHandler`: those of `createMcpFetchHandler` that a server without legacy
 * sessions has a use for.
 */
export type StatelessFetchHandlerOptions = Pick<
  McpFetchHandlerOptions,
  | 'jsonResponse'
  | 'acceptJsonOnly'
  | 'maxBodyBytes'
  | 'maxBufferedBytes'
  | 'maxBufferedBytesPerClient'
  | 'maxStreamsPerClient'
  | 'clientAddress'
  | 'allowedOrigins'
  | 'allowedHosts'
  | 'keepAliveMs'
  | 'authenticate'
  | 'waitUntil'
>

/**
 * What answers and their SSE streams need of a handler with no sessions: no stores, no resumption, no
 * standalone streams, nothing pending by session. Per-client fair shares (listen streams, unread bytes) as in
 * the full handler.
 */
class StatelessState implements StreamHost {
  readonly eventStore = null
  readonly limits: ClientLimits

  constructor(
    readonly server: McpServer | ToolServer,
    readonly options: ResolvedOptions,
  ) {
    this.limits = new ClientLimits({ ...options, maxSessionsPerClient: 0 })
  }

  newStream(): EventStream {
    return new EventStream('', this)
  }

  connectOf(c: McpRequestContext, client?: string): ConnectOptions {
    return {
      signal: c.req.raw.signal,
      hold: waitUntilOf(c, this.options.waitUntil),
      maxBufferedBytes: this.options.maxBufferedBytes,
      budget: this.limits.budgetOf(client),
    }
  }

  standaloneOf(): undefined {
    return undefined
  }

  afterRequest(): Promise<void> {
    return Promise.resolve()
  }

  addPending(): void {}

  removePending(): void {}

  streamEnded(): void {}
}

/**
 * A Streamable HTTP endpoint for 2026-07-28 clients only, as a fetch handler: POST requests that name their
 * protocol version in `_meta` (stateless, no sessions), answered with JSON or SSE exactly as
 * `createMcpFetchHandler` answers them. It leaves out everything the legacy revisions need (the `initialize`
 * handshake, sessions and their stores, GET and DELETE, `Last-Event-ID` resumption), so a Worker that serves
 * only current clients carries none of it. A legacy `initialize` gets the JSON-RPC error for an unsupported
 * protocol version, listing 2026-07-28; GET and DELETE get 405. `server` is an `McpServer`, or the lighter
 * `ToolServer` of `@edgemcp/core/tools-only` for a Worker that serves tools only.
 *
 * @example
 * import { createStatelessFetchHandler } from '@edgemcp/streamable-http/stateless'
 * const mcp = createStatelessFetchHandler(server)
 * export default { fetch: (request, env, ctx) => mcp(request, env, ctx) }
 */
export function createStatelessFetchHandler(
  server: McpServer | ToolServer,
  options: StatelessFetchHandlerOptions = {},
): McpFetch {
  const state = new StatelessState(server, resolveOptions(options))
  return fetchHandler((c) => {
    const request = c.req.raw
    const error = checkRequestOrigin(request, state.options)
    if (error) return refuse(request, error)
    if (request.method !== 'POST')
      return refuse(
        request,
        transportError(405, 'Method Not Allowed: this endpoint serves POST only'),
        null,
        {
          Allow: 'POST',
        },
      )
    return post(state, c)
  })
}

async function post(state: StatelessState, c: McpRequestContext): Promise<Response> {
  const request = c.req.raw
  const headers = request.headers
  const o = state.options
  const intake = await readPost(request, o)
  if (intake instanceof Response) return intake
  const { value, acceptsSse } = intake
  const id = readId(value)

  const single = isObject(value) ? value : undefined
  const method = typeof single?.method === 'string' ? single.method : undefined
  const params = single && isObject(single.params) ? single.params : undefined
  const bodyVersion = requestedModernVersion(params)
  if (method === 'initialize' && bodyVersion === undefined)
    // A legacy client's handshake: the version error tells it which revision this server speaks.
    return errorResponse(new UnsupportedProtocolVersionError(params?.protocolVersion, MODERN_VERSIONS), id)
  if (bodyVersion !== undefined && method !== undefined && 'id' in single!) {
    const mismatch = checkModernHeaders(
      headers,
      versionHeader(headers),
      method,
      params!,
      bodyVersion,
      state.server,
    )
    if (mismatch) return errorResponse(mismatch, id)
  }

  const auth = o.authenticate === undefined ? undefined : await o.authenticate(c)
  const principal = auth?.principal
  const listen = method === 'subscriptions/listen'
  if (listen && !acceptsSse)
    return errorResponse(
      transportError(406, 'Not Acceptable: subscriptions/listen answers with text/event-stream'),
      id,
    )
  const client =
    principal !== undefined
      ? clientKeyOf(principal, undefined)
      : clientKeyOf(undefined, (o.clientAddress ?? nodeRemoteAddress)(c))
  const listening = listen ? state.limits.openStream(client) : undefined
  if (listening instanceof ProtocolError) return errorResponse(listening, id, RETRY_AFTER)

  const cancellation = new RequestCancellation(request)
  const answer = new Answer({
    state,
    c,
    session: undefined,
    canStream: acceptsSse && (listen || !o.jsonResponse),
    cancellation,
    changesSession: false,
    pendingId: null,
    client,
  })
  const handling = state.server.handle(value, {
    emit: answer.emit,
    signal: cancellation,
    era: 'modern',
    authInfo: auth?.authInfo,
    principal,
  })
  if (listening) void handling.finally(listening)
  return answer.respond(handling)
}
