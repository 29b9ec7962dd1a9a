/**
 * Reads a copy of a request's JSON body to decide where it goes, leaving the request itself unread so it
 * can be forwarded as it came. Undefined when there is no usable JSON within `limit` bytes: the handler
 * that serves the original then answers with the exact error (413, parse error …).
 */
export async function peekJsonBody(request: Request, limit: number): Promise<unknown> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > limit) return undefined
  if (!request.body) return undefined
  const reader = (request.clone().body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let size = 0
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      return undefined
    }
    text += decoder.decode(value, { stream: true })
  }
  text += decoder.decode()
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
