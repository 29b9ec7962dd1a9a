import { decodeBase64Url, encodeBase64Url } from '@edgemcp/core/internal'
import type { RequestAuth } from '@edgemcp/streamable-http'

/**
 * Headers the Worker sets on requests it forwards to a Durable Object; never taken from clients (the Worker
 * drops theirs), so a Durable Object trusts them.
 */
export const INTERNAL_HEADER_PREFIX = 'x-edgemcp-'

/** The id the Worker minted for the session a forwarded request is about to create. */
export const NEW_SESSION_HEADER = `${INTERNAL_HEADER_PREFIX}new-session`

/**
 * The status (413, 400) with which the Worker refused the body of a session's request: the request goes to the
 * session's object without it, and is answered there as that object's transport would answer the body.
 */
export const BODY_REFUSED_HEADER = `${INTERNAL_HEADER_PREFIX}body-refused`

/** The caller the Worker was given for a request (`McpWorker.fetch`'s `auth`): base64url of its JSON. */
export const AUTH_HEADER = `${INTERNAL_HEADER_PREFIX}auth`

/**
 * A copy of `request` to forward to a Durable Object: without any internal header a client may have sent,
 * with the Worker's own: `auth` (when given) and the id of the session it is to create (`newSession`); with
 * `body` (the one the Worker read) instead of the request's own, when given; a number is the status with which
 * the Worker refused the body (see `BODY_REFUSED_HEADER`): the copy then goes without one.
 */
export function withInternalHeaders(
  request: Request,
  auth: RequestAuth | undefined,
  body?: BodyInit | number,
  newSession?: string,
): Request {
  const headers = new Headers(request.headers)
  for (const name of [...headers.keys()]) if (name.startsWith(INTERNAL_HEADER_PREFIX)) headers.delete(name)
  if (auth) headers.set(AUTH_HEADER, encodeAuth(auth))
  if (newSession) headers.set(NEW_SESSION_HEADER, newSession)
  if (typeof body === 'number') {
    headers.set(BODY_REFUSED_HEADER, String(body))
    headers.delete('content-length')
    return new Request(request, { headers, body: '' })
  }
  return new Request(request, body === undefined ? { headers } : { headers, body })
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
