import {
  decodeMessage,
  invalidRequest,
  isBatch,
  isRequest,
  type JsonRpcMessage,
  type McpServer,
} from '@edgemcp/core'
import { supportsBatch } from '@edgemcp/core/internal'
import { checkRequestOrigin, type McpRequestContext, type RequestAuth } from '@edgemcp/streamable-http'
import {
  accepts,
  ClientLimits,
  changesSession,
  errorResponse,
  type FleetSeams,
  isJsonContentType,
  RETRY_AFTER,
  storeFailure,
  storeRefusal,
  parseBody,
  readBody,
  refuse,
  SSE_HEADERS,
  type SseConnectionOwner,
  transportError,
  unsupportedMediaType,
  usableSession,
  webConnect,
  waitUntilOf,
} from '@edgemcp/streamable-http/internal'
import type { ResolvedSseOptions } from './options.js'
import { SseChannel } from './sse-channel.js'
import type { SseSessionStore } from './sse-relay.js'

const accepted = () => new Response('Accepted', { status: 202 })

/** Refuses `request` (its body read to the end first, see `refuse`) with a transport error. */
const refuseWith = (request: Request, status: number, message: string): Promise<Response> =>
  refuse(request, transportError(status, message))

const notFound = (request: Request) =>
  refuseWith(
    request,
    404,
    'Session not found: its SSE stream has closed, it expired, or it never existed; open a new SSE stream',
  )

/** A POSTed value the session cannot take (an empty batch, a batch before 2025-03-26, not a message). */
function checkMessage(value: unknown, version: string | undefined): Response | undefined {
  if (isBatch(value)) {
    if (value.length === 0) return errorResponse(invalidRequest('empty batch'))
    if (!supportsBatch(version))
      return errorResponse(
        invalidRequest(`JSON-RPC batches are not supported on protocol version ${version}`),
      )
    return undefined
  }
  const decoded = decodeMessage(value)
  return decoded.ok ? undefined : errorResponse(decoded.error, decoded.id)
}

/** Where an endpoint's SSE sessions live, and what it does for a store shared by a fleet (see `FleetSeams`). */
export interface SseStores {
  sessions: SseSessionStore
  fleet?: FleetSeams | undefined
}

/**
 * The two halves of the legacy HTTP+SSE transport (2024-11-05 basic/transports "HTTP with SSE"), shared by
 * `createSseHandler` (two paths) and `createAutoHandler` (one path): `open` answers the GET with an event
 * stream whose first event is `endpoint`; `post` takes one client message and answers 202, the server's
 * reply travelling as a `message` event on the stream.
 */
export class SseEndpoint {
  readonly #channels = new Map<string, SseChannel>()
  /** Told when a channel has ended (its session closed): it leaves the map and the store. */
  readonly #owner: SseConnectionOwner = {
    closed: (channel) => {
      const id = (channel as SseChannel).session.id
      this.#channels.delete(id)
      void this.sessions.delete(id).catch(() => {})
    },
  }

  readonly #server: McpServer
  readonly #options: ResolvedSseOptions
  /** Fair shares per client: open SSE sessions and the bytes their streams hold. */
  readonly #limits: ClientLimits
  /** Where the sessions live (`sseStoresOf` gives the default one). */
  readonly sessions: SseSessionStore
  readonly #fleet: FleetSeams | undefined

  constructor(server: McpServer, options: ResolvedSseOptions, stores: SseStores) {
    this.sessions = stores.sessions
    this.#fleet = stores.fleet
    this.#server = server
    this.#options = options
    this.#limits = new ClientLimits(options)
    this.sessions.receiveMessages?.(this.#receive)
  }

  /** SSE sessions whose stream is open in this isolate. */
  get openStreams(): number {
    return this.#channels.size
  }

  /** GET: opens a session and its event stream; `endpointFor(sessionId)` is the URI announced for POSTs. */
  async open(c: McpRequestContext, endpointFor: (sessionId: string) => string): Promise<Response> {
    const forbidden = checkRequestOrigin(c.req.raw, this.#options)
    if (forbidden) return errorResponse(forbidden)
    const accept = c.req.header('accept')
    if (accept !== undefined && !accepts(accept, 'text/event-stream'))
      return errorResponse(
        transportError(
          406, // Not Acceptable
          'Not Acceptable: the SSE endpoint answers text/event-stream',
        ),
      )
    // HEAD (which Hono routes to GET handlers) must not open a session whose body nobody reads.
    if (c.req.raw.method === 'HEAD') return new Response(null, { status: 200, headers: { ...SSE_HEADERS } })
    const options = this.#options
    const auth = await options.authenticate?.(c)
    // Fair shares: a client over its share is refused; nobody else's session is closed to make room.
    const client = this.#limits.clientOf(c, auth?.principal)
    const refusal = this.#limits.refuseSession(client)
    if (refusal) return errorResponse(refusal, null, RETRY_AFTER)
    const session = this.#limits.admitSession(this.#server, {
      id: options.sessionId?.(c),
      principal: auth?.principal,
      client,
    })
    // On Workers, the stream (its keep-alive timer, the handlers feeding it) lives as long as the session.
    const connect = webConnect(c, options, this.#limits.budgetOf(client))
    const channel = new SseChannel(session, options, endpointFor(session.id), connect, this.#owner)
    session.attach(channel.outbound)
    // (A client too slow for even the `endpoint` event has ended it already.)
    if (channel.isOpen) this.#channels.set(session.id, channel)
    try {
      await this.sessions.set(session)
    } catch (e) {
      // The store refused it (full: 503) or cannot be reached (503): the stream ends unseen, the client is
      // told why.
      session.close('Session not stored')
      return this.#fleet?.unavailable(e) ?? storeRefusal(e)
    }
    // The client may already be gone (cleanup ran before the store had the session).
    if (session.closed) await this.sessions.delete(session.id)
    return channel.takeResponse()
  }

  /** POST: one JSON-RPC message (or a 2025-03-26 batch) of the session named by `sessionId`. */
  post(c: McpRequestContext, sessionId: string | undefined): Promise<Response> {
    // A shared store that cannot be reached: 503 with Retry-After (see `storeFailure`).
    return this.#post(c, sessionId).catch((e: unknown) => storeFailure(this.#fleet, e))
  }

  async #post(c: McpRequestContext, sessionId: string | undefined): Promise<Response> {
    const options = this.#options
    const request = c.req.raw
    const forbidden = checkRequestOrigin(request, options)
    if (forbidden) return refuse(request, forbidden)
    if (!sessionId) return refuseWith(request, 400, 'Bad Request: missing sessionId query parameter')
    const auth = await options.authenticate?.(c)
    const session = usableSession(await this.sessions.get(sessionId), auth?.principal)
    const channel = this.#channels.get(sessionId)
    // A channel ends with its session and leaves the map at once: one found here has its stream open. A
    // session whose stream is open on another instance is served there (see `SseSessionStore`).
    const here = channel !== undefined && channel.session === session
    if (!session || !(here || (channel === undefined && this.sessions.forwardMessage)))
      return notFound(request)
    if (!isJsonContentType(c.req.header('content-type'))) return unsupportedMediaType(request)
    const parsed = parseBody(await readBody(request, options.maxBodyBytes))
    if (parsed instanceof Response) return parsed
    const value = parsed.value
    const refused = checkMessage(value, session.protocolVersion)
    if (refused) return refused
    if (!here)
      return (await this.sessions.forwardMessage?.(sessionId, value, auth)) ? accepted() : notFound(request)
    return this.#dispatch(channel, value, auth, c)
  }

  /** A message POSTed to another instance for a session whose stream is open here (see `SseSessionStore`). */
  readonly #receive = async (
    sessionId: string,
    value: unknown,
    auth: RequestAuth | undefined,
  ): Promise<boolean> => {
    const channel = this.#channels.get(sessionId)
    if (!channel || channel.session.closed) return false
    await this.#dispatch(channel, value, auth)
    return true
  }

  /** Handles a checked message of a session whose stream is open here; the answer goes on the stream. */
  async #dispatch(
    channel: SseChannel,
    value: unknown,
    auth: RequestAuth | undefined,
    c?: McpRequestContext,
  ): Promise<Response> {
    const options = this.#options
    const session = channel.session
    const handleOptions = {
      session,
      emit: channel.outbound,
      authInfo: auth?.authInfo,
      principal: auth?.principal,
    }
    if (!isBatch(value) && !isRequest(value as JsonRpcMessage)) {
      // A response to a server→client request, or a notification: quick, so answer with the outcome (a
      // failure is a JSON-RPC error response).
      const r = await this.#server.handle(value, handleOptions)
      return r.status >= 400 && r.body ? Response.json(r.body, { status: r.status }) : accepted()
    }
    // A request (or batch): accepted now; the answer is a `message` event on the session's stream.
    const changes = options.onSessionChange !== undefined && changesSession(value)
    const work = this.#server.handle(value, handleOptions).then(async (r) => {
      if (changes && !session.closed)
        try {
          await options.onSessionChange?.(session)
        } catch {
          // A session whose change could not be stored is closed (its state is not reliable): no answer.
          session.close('Session could not be stored')
          return
        }
      if (r.body !== undefined) channel.deliver(r.body)
    })
    // handle() never rejects, but delivery can (a stream that went away): never leave a rejection unhandled.
    const settled = work.catch(() => {})
    // On Workers, the message is handled after the 202 is returned: keep the invocation alive until then.
    if (c) waitUntilOf(c, options.waitUntil)?.(settled)
    return accepted()
  }

  /** Closes every open SSE session of this endpoint. */
  closeAll(reason = 'SSE endpoint closed'): void {
    // (Each channel leaves the map as its session closes.)
    for (const channel of this.#channels.values()) channel.session.close(reason)
  }
}
