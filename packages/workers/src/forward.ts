import { decodeBase64Url, encodeBase64Url } from '@edgemcp/core/internal'
import type { RequestAuth } from '@edgemcp/streamable-http'

/** Headers the Worker sets on requests it forwards to a Durable Object (see `INTERNAL_HEADERS`). */
export const INTERNAL_HEADER_PREFIX = 'x-edgemcp-'

/** The id the Worker minted for the session a forwarded request is about to create. */
export const NEW_SESSION_HEADER = `${INTERNAL_HEADER_PREFIX}new-session`

/** The caller the Worker was given for a request (`McpWorker.fetch`'s `auth`): base64url of its JSON. */
export const AUTH_HEADER = `${INTERNAL_HEADER_PREFIX}auth`

/**
 * Every header a Durable Object takes from the Worker: never from clients (the Worker drops theirs), so a
 * Durable Object trusts them. A new one must be listed here, or clients could set it.
 */
export const INTERNAL_HEADERS: readonly string[] = [NEW_SESSION_HEADER, AUTH_HEADER]

/**
 * What to forward to a Durable Object for `request`: the request itself when the Worker adds nothing and the
 * client sent no internal header (as every request of an existing session does without `auth`: its body
 * then streams to the object unread and uncopied by the Worker, whose transport reads or refuses it as
 * anywhere else), else a copy without any internal header the client sent, with the Worker's own: `auth`
 * (when given) and the id of the session it is to create (`newSession`); with `body` (the one the Worker
 * read) instead of the request's own, when given.
 */
export function withInternalHeaders(
  request: Request,
  auth: RequestAuth | undefined,
  body?: BodyInit,
  newSession?: string,
): Request {
  const { headers } = request
  const forged = INTERNAL_HEADERS.some((name) => headers.has(name))
  if (!forged && !auth && !newSession && body === undefined) return request
  const copy = new Headers(headers)
  for (const name of INTERNAL_HEADERS) copy.delete(name)
  if (auth) copy.set(AUTH_HEADER, encodeAuth(auth))
  if (newSession) copy.set(NEW_SESSION_HEADER, newSession)
  return new Request(request, body === undefined ? { headers: copy } : { headers: copy, body })
}

/** `auth` as a header value (JSON, UTF-8, base64url): what crosses to a Durable Object must be JSON. */
export function encodeAuth(auth: RequestAuth): string {
  const json = JSON.stringify({ authInfo: auth.authInfo, principal: auth.principal })
  return encodeBase64Url(new TextEncoder().encode(json))
}

/** The auth of an `AUTH_HEADER` value; undefined when there is none (or it is not one `encodeAuth` wrote). */
export function decodeAuth(value: string | undefined | null): RequestAuth | undefined {
  if (value === undefined || value === null) return undefined
  const bytes = decodeBase64Url(value)
  if (!bytes) return undefined
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes))
    if (typeof parsed !== 'object' || parsed === null) return undefined
    const { authInfo, principal } = parsed as { authInfo?: unknown; principal?: unknown }
    const auth: RequestAuth = {}
    if (authInfo !== undefined) auth.authInfo = authInfo
    if (typeof principal === 'string') auth.principal = principal
    return auth
  } catch {
    return undefined
  }
}
