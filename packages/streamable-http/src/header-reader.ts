/**
 * How the endpoint reads a request's headers: `get` and `has` of lowercase names, as `Headers` answers them.
 * Usually that is the request's own `headers`. A runtime adapter that knows a cheaper way to answer for the
 * request it made (`serve()` of `./node`, from what node:http parsed) leaves a reader on those headers with
 * `attachHeaderReader`; it is used only while it may be: a request made anew has headers of its own, and
 * changing the headers in place (`set`, `append`, `delete`) drops the reader (see `./node-headers.ts`).
 */
export type HeaderReader = Pick<Headers, 'get' | 'has'>

const READER = Symbol()

type WithReader = Headers & { [READER]?: HeaderReader | undefined }

/** The reader of `request`'s headers: the one an adapter attached, while they are unchanged, or the headers. */
export function headersOf(request: Request): HeaderReader {
  const headers = request.headers as WithReader
  return headers[READER] ?? headers
}

/**
 * Attaches `reader` to `headers` (which the caller made, with nothing in between), for `headersOf`; a change
 * to the headers in place detaches it, so what a middleware sets is what the endpoint reads.
 */
export function attachHeaderReader(headers: Headers, reader: HeaderReader): void {
  const h = headers as WithReader & Record<'set' | 'append' | 'delete', unknown>
  h[READER] = reader
  h.set = setDetaching
  h.append = appendDetaching
  h.delete = deleteDetaching
}

// Shared by every request (no closure per request); each calls the method it shadows, found on the prototype.
function setDetaching(this: WithReader, name: string, value: string): void {
  this[READER] = undefined
  Object.getPrototypeOf(this).set.call(this, name, value)
}
function appendDetaching(this: WithReader, name: string, value: string): void {
  this[READER] = undefined
  Object.getPrototypeOf(this).append.call(this, name, value)
}
function deleteDetaching(this: WithReader, name: string): void {
  this[READER] = undefined
  Object.getPrototypeOf(this).delete.call(this, name)
}
