import {
  type McpServer,
  MODERN_VERSIONS,
  ProtocolError,
  readId,
  requestedModernVersion,
  UnsupportedProtocolVersionError,
} from '@edgemcp/core'
import { handleNow, isObject } from '@edgemcp/core/internal'
import type { ToolServer } from '@edgemcp/core/tools-only'
import { ClientLimits, RETRY_AFTER, withNodeClientAddress } from './admission.js'
import { Answer } from './answer.js'
import { jsonResponse } from './json-answer.js'
import { readBody, refuse } from './body.js'
import { RequestCancellation } from './cancellation.js'
import { versionHeader } from './classify.js'
import { EventStream } from './event-stream.js'
import { headersOf } from './header-reader.js'
import { errorResponse, transportError } from './http-error.js'
import { checkModernHeaders } from './modern-headers.js'
import {
  type McpFetchHandlerOptions,
  type RequestAuth,
  type ResolvedOptions,
  DEFAULT_MAX_BODY_BYTES,
  resolveOptions,
} from './options.js'
import { fetchHandler, type McpFetch, type McpRequestContext } from './request-context.js'
import { checkPostHeaders, parseBody } from './post.js'
import { checkRequestOrigin } from './security.js'
import { type ConnectOptions, webConnect } from './sse-connection.js'
import type { StreamHost } from './state.js'

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
    this.limits = new ClientLimits(withNodeClientAddress({ ...options, maxSessionsPerClient: 0 }))
  }

  newStream(): EventStream {
    return new EventStream('', this)
  }

  connectOf(c: McpRequestContext, client?: string): ConnectOptions {
    return webConnect(c, this.options, this.limits.budgetOf(client))
  }

  standaloneOf(): undefined {
    return undefined
  }

  afterRequest(): Promise<void> {
    return Promise.resolve()
  }

  addPending(): undefined {
    return undefined
  }

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
  return fetchHandler(async (c) => {
    const admitted = await admit(server, state.options, c)
    return admitted instanceof Response ? admitted : post(state, c, admitted)
  })
}

/**
 * Options of `createStatelessJsonHandler`: those of the stateless handler that a handler answering JSON only
 * has a use for (no SSE streams, so no stream budgets).
 */
export type StatelessJsonHandlerOptions = Pick<
  StatelessFetchHandlerOptions,
  'acceptJsonOnly' | 'maxBodyBytes' | 'allowedOrigins' | 'allowedHosts' | 'authenticate'
>

/**
 * The lightest endpoint for 2026-07-28 clients: `createStatelessFetchHandler` that always answers with one
 * JSON body and never streams, so a Worker that uses it carries no SSE code at all. The same checks (Origin
 * and Host, media types, `maxBodyBytes`, mirrored headers, `authenticate`); progress and log notifications of
 * a request have nowhere to go and are dropped (as with `jsonResponse: true`), and `subscriptions/listen`,
 * which can only stream, is an unknown method here (-32601, HTTP 404). Cancellation is the client
 * disconnecting (the request's signal). For `ToolServer` of `@edgemcp/core/tools-only` above all.
 *
 * @example
 * import { createStatelessJsonHandler } from '@edgemcp/streamable-http/stateless'
 * const mcp = createStatelessJsonHandler(server)
 * export default { fetch: (request, env, ctx) => mcp(request, env, ctx) }
 */
export function createStatelessJsonHandler(
  server: McpServer | ToolServer,
  options: StatelessJsonHandlerOptions = {},
): McpFetch {
  // Only the body limit has a default here: the others are the SSE streams' (see `resolveOptions`).
  const o = { ...options, maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES }
  return fetchHandler(async (c) => {
    const admitted = await admit(server, o, c)
    if (admitted instanceof Response) return admitted
    const { value, method, auth } = admitted
    if (method === 'subscriptions/listen')
      return errorResponse(
        transportError(404, 'Method not found: subscriptions/listen needs an SSE endpoint', -32601),
        readId(value),
      )
    const cancellation = new RequestCancellation(c.req.raw)
    try {
      const r = await server.handle(value, {
        signal: cancellation,
        era: 'modern',
        authInfo: auth?.authInfo,
        principal: auth?.principal,
      })
      return jsonResponse(r)
    } finally {
      cancellation.release()
    }
  })
}

/** The options `admit` reads (both stateless handlers' options, their defaults filled in). */
type AdmitOptions = StatelessJsonHandlerOptions & Pick<ResolvedOptions, 'maxBodyBytes'>

/** A POST both stateless handlers accept, read and checked: what the engine is handed. */
interface Admitted {
  value: unknown
  method: string | undefined
  acceptsSse: boolean
  auth: RequestAuth | undefined
}

/**
 * What both stateless handlers check before the engine runs: Origin and Host, POST only (405), the POST's
 * media types (`checkPostHeaders`), size and JSON (`readBody`, `parseBody`), a legacy `initialize` (the
 * unsupported-version error naming 2026-07-28), the mirrored headers of a 2026-07-28 request, and
 * `authenticate`. The refusal, or the request.
 */
async function admit(
  server: McpServer | ToolServer,
  o: AdmitOptions,
  c: McpRequestContext,
): Promise<Response | Admitted> {
  const request = c.req.raw
  const error = checkRequestOrigin(request, o)
  if (error) return refuse(request, error)
  if (request.method !== 'POST')
    return refuse(request, transportError(405, 'Method Not Allowed: this endpoint serves POST only'), null, {
      Allow: 'POST',
    })
  const acceptsSse = checkPostHeaders(request, o)
  if (acceptsSse instanceof Promise) return acceptsSse
  const parsed = parseBody(await readBody(request, o.maxBodyBytes))
  if (parsed instanceof Response) return parsed
  const { value } = parsed
  const single = isObject(value) ? value : undefined
  const method = typeof single?.method === 'string' ? single.method : undefined
  const params = single && isObject(single.params) ? single.params : undefined
  const bodyVersion = requestedModernVersion(params)
  if (method === 'initialize' && bodyVersion === undefined)
    // A legacy client's handshake: the version error tells it which revision this server speaks.
    return errorResponse(
      new UnsupportedProtocolVersionError(params?.protocolVersion, MODERN_VERSIONS),
      readId(value),
    )
  if (bodyVersion !== undefined && method !== undefined && 'id' in single!) {
    const headers = headersOf(request)
    const mismatch = checkModernHeaders(headers, versionHeader(headers), method, params!, bodyVersion, server)
    if (mismatch) return errorResponse(mismatch, readId(value))
  }
  const authenticating = o.authenticate?.(c) // awaited only when it is a promise (see post.ts)
  const auth = authenticating instanceof Promise ? await authenticating : authenticating
  return { value, method, acceptsSse, auth }
}

async function post(state: StatelessState, c: McpRequestContext, admitted: Admitted): Promise<Response> {
  const { value, method, acceptsSse, auth } = admitted
  const o = state.options
  const id = readId(value)
  const principal = auth?.principal
  const listen = method === 'subscriptions/listen'
  if (listen && !acceptsSse)
    return errorResponse(
      transportError(406, 'Not Acceptable: subscriptions/listen answers with text/event-stream'),
      id,
    )
  const client = state.limits.clientOf(c, principal)
  const listening = listen ? state.limits.openStream(client) : undefined
  if (listening instanceof ProtocolError) return errorResponse(listening, id, RETRY_AFTER)

  const cancellation = new RequestCancellation(c.req.raw)
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
  const handling = handleNow(state.server, value, {
    emit: answer.emit,
    signal: cancellation,
    era: 'modern',
    authInfo: auth?.authInfo,
    principal,
    client,
  })
  if (listening) void Promise.resolve(handling).finally(listening)
  return answer.respond(handling)
}
