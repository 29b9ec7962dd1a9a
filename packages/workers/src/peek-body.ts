/** A buffered body, or the request as it came (or re-assembled) when its body is over the limit. */
export type BufferedBody = { bytes: Uint8Array } | { tooLarge: Request }

/**
 * The body of a request as bytes, when it has at most `limit` of them. A larger one is handed back as a
 * request with the same body (what was read, then the rest) for the handler to refuse in its own words and
 * order of checks. The Worker buffers what it forwards: a Durable Object that answers without reading a
 * streamed body would leave the Worker pumping it after the response was sent.
 */
export async function bufferBody(request: Request, limit: number): Promise<BufferedBody> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > limit) return { tooLarge: request }
  if (!request.body) return { bytes: new Uint8Array(0) }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    chunks.push(value)
    if (size > limit) return { tooLarge: new Request(request, { body: replay(chunks, reader) }) }
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const c of chunks) {
    bytes.set(c, offset)
    offset += c.byteLength
  }
  return { bytes }
}

/** A stream of `read` followed by what `rest` still has. */
function replay(
  read: Uint8Array[],
  rest: ReadableStreamDefaultReader<Uint8Array>,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = read.shift()
      if (next) return controller.enqueue(next)
      const { done, value } = await rest.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel: (reason) => rest.cancel(reason),
  })
}

/** The JSON value of a body, or undefined when it is not JSON (the handler then answers a parse error). */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown
  } catch {
    return undefined
  }
}
