const isEventStream = (response: Response): boolean =>
  response.headers.get('content-type')?.toLowerCase().startsWith('text/event-stream') === true

/**
 * Keeps the invocation alive while an SSE response streams from this isolate: the body is piped under
 * `ctx.waitUntil`, so the keep-alive timers and handlers feeding it keep running (a stream whose timers
 * run outside it is cut when the runtime decides the request is done). `onDone` runs when the response
 * has ended, at once for a plain one.
 */
export function holdWhileStreaming(response: Response, ctx: ExecutionContext, onDone: () => void): Response {
  if (!response.body || !isEventStream(response)) {
    onDone()
    return response
  }
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>()
  ctx.waitUntil(
    response.body
      .pipeTo(writable)
      .catch(() => {})
      .finally(onDone),
  )
  return new Response(readable, response)
}
