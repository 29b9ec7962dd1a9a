/**
 * Headers the Worker sets on requests it forwards to a Durable Object; never taken from clients (the Worker
 * drops theirs), so a Durable Object trusts them.
 */
export const INTERNAL_HEADER_PREFIX = 'x-edgemcp-'

/** The id the Worker minted for the session a forwarded request is about to create. */
export const NEW_SESSION_HEADER = `${INTERNAL_HEADER_PREFIX}new-session`

/** A copy of `request` without any internal header a client may have sent, plus `extra`. */
export function withInternalHeaders(request: Request, extra: Record<string, string> = {}): Request {
  const headers = new Headers(request.headers)
  for (const name of [...headers.keys()]) if (name.startsWith(INTERNAL_HEADER_PREFIX)) headers.delete(name)
  for (const [name, value] of Object.entries(extra)) headers.set(name, value)
  return new Request(request, { headers })
}
