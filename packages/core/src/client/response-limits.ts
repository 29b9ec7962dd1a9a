import { McpLocalError } from '../errors/local-error.js'
import { displayUrl } from './http-error.js'

/**
 * Budgets of what a server can make an HTTP client transport hold. A hostile or broken server must not grow a
 * client (a Worker has 128 MB) without bound: past a limit the message is refused with ResponseTooLargeError.
 */
export interface ResponseLimits {
  /**
   * Largest JSON body, and largest SSE event (its data, id and type, counted in characters of the decoded
   * text), the client accepts from the server. Default 4 MiB, the same as the servers' request body limit.
   */
  maxMessageBytes?: number | undefined
  /** Largest total size of a response's headers (names and values). Default 64 KiB. */
  maxHeaderBytes?: number | undefined
}

export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024
export const DEFAULT_MAX_HEADER_BYTES = 64 * 1024

/** The limits with their defaults. */
export function resolveLimits(limits: ResponseLimits = {}): {
  maxMessageBytes: number
  maxHeaderBytes: number
} {
  return {
    maxMessageBytes: limits.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    maxHeaderBytes: limits.maxHeaderBytes ?? DEFAULT_MAX_HEADER_BYTES,
  }
}

/** Something the server sent is over one of the client's `ResponseLimits`; the rest of it was not read. */
export class ResponseTooLargeError extends McpLocalError {
  override readonly name = 'ResponseTooLargeError'
  /** The limit that was exceeded, in bytes (characters for an SSE event). */
  readonly limit: number
  /** The option that sets the limit. */
  readonly option: keyof ResponseLimits

  constructor(what: string, url: string | URL, limit: number, option: keyof ResponseLimits) {
    super(
      'remote',
      `${what} from ${displayUrl(url)} exceeds the client's limit of ${limit} bytes (${option}); refused`,
    )
    this.limit = limit
    this.option = option
  }
}

/** Throws ResponseTooLargeError when the response's headers add up to more than `maxBytes`. */
export function checkHeaderSize(response: Response, url: string | URL, maxBytes: number): void {
  let size = 0
  for (const [name, value] of response.headers) size += name.length + value.length + 4
  if (size > maxBytes) {
    response.body?.cancel().catch(() => {})
    throw new ResponseTooLargeError('The response headers', url, maxBytes, 'maxHeaderBytes')
  }
}

/**
 * A response body as text (lenient UTF-8), refusing more than `maxBytes`: by `Content-Length` before
 * reading, and by counting while reading (a chunked body, or a lying header). The rest of a refused body is
 * cancelled, never read.
 */
export async function readLimitedText(
  response: Response,
  what: { label: string; url: string | URL },
  maxBytes: number,
): Promise<string> {
  const refuse = () => new ResponseTooLargeError(what.label, what.url, maxBytes, 'maxMessageBytes')
  const body = response.body
  if (!body) return ''
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (declared > maxBytes) {
    body.cancel().catch(() => {})
    throw refuse()
  }
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const parts: string[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) throw refuse()
      parts.push(decoder.decode(value, { stream: true }))
    }
  } catch (e) {
    reader.cancel().catch(() => {})
    throw e
  }
  parts.push(decoder.decode())
  return parts.join('')
}
