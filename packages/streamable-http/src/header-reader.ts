/**
 * How the endpoint reads a request's headers: `get` and `has` of lowercase names, as `Headers` answers them.
 * Usually that is the request's own `headers`. A runtime adapter that knows a cheaper way to answer for the
 * request it made (`serve()` of `./node`, from what node:http parsed) leaves a reader on those headers with
 * `attachHeaderReader` (`./node-headers.ts`). It is used only while it may be: a request made anew has headers
 * of its own, and changing the headers in place (`set`, `append`, `delete`) drops the reader.
 */
export type HeaderReader = Pick<Headers, 'get' | 'has'>

/** Where an adapter leaves its reader on a request's headers (`attachHeaderReader` of `./node-headers.ts`). */
export const READER = Symbol()

export type WithReader = Headers & { [READER]?: HeaderReader | undefined }

/** The reader of `request`'s headers: the one an adapter attached, while they are unchanged, or the headers. */
export function headersOf(request: Request): HeaderReader {
  const headers = request.headers as WithReader
  return headers[READER] ?? headers
}
