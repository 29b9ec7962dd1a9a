import type { HostileAnswer, HostileBody } from './hostile-answer.js'

/** Bytes handed out per read of a generated body. */
export const CHUNK = 64 * 1024
/** A generated body never yields more than this: a client that reads on is a finding, not an OOM. */
export const BODY_CAP = 64 * 1024 * 1024

const encoder = new TextEncoder()

/** Resolves on the next turn of the event loop (after timers and I/O due). */
export const nextTick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** What the client did with the bodies of one case. */
export class BodyMeter {
  /** Most bytes a client took from one hostile body. */
  maxRead = 0
  /** Bodies still being read (neither finished, failed nor cancelled). */
  open = 0
  /** A body hit BODY_CAP: the client never stopped reading. */
  capped = false
}

/** The text of a finite body, `$ID` replaced (undefined for generated ones). */
export function finiteText(body: HostileBody, id: string): string | undefined {
  if (body.kind === 'empty') return ''
  if (body.kind === 'text') return body.text.replaceAll('$ID', id)
  if (body.kind === 'sse') return body.chunks.join('').replaceAll('$ID', id)
  return undefined
}

/** The body's length in bytes, when it has one. */
export function bodyLength(body: HostileBody, id: string): number | undefined {
  const text = finiteText(body, id)
  if (text !== undefined) return encoder.encode(text).byteLength
  if (body.kind === 'huge') return encoder.encode(body.prefix.replaceAll('$ID', id)).byteLength + body.bytes
  return undefined
}

/** The `Content-Length` to send (the truth, a lie, or none). */
export function declaredLength(answer: HostileAnswer, id: string): number | undefined {
  const length = bodyLength(answer.body, id)
  if (answer.contentLength === 'none' || (length === undefined && answer.contentLength !== 'more'))
    return undefined
  const n = length ?? 0
  return answer.contentLength === 'more' ? n + 1000 : answer.contentLength === 'less' ? Math.max(0, n - 7) : n
}

/**
 * The body as chunks, produced on demand: `next()` gives the next chunk, or undefined at the end of a finite
 * body. Generated bodies (`huge`, `endless`) are built chunk by chunk, never whole.
 */
export function chunkSource(body: HostileBody, id: string): () => Uint8Array | undefined {
  const pieces: Uint8Array[] =
    body.kind === 'sse'
      ? body.chunks.map((c) => encoder.encode(c.replaceAll('$ID', id)))
      : body.kind === 'text' && body.text.length > 0
        ? [encoder.encode(body.text.replaceAll('$ID', id))]
        : []
  if (body.kind === 'empty' || body.kind === 'text' || body.kind === 'sse') return () => pieces.shift()
  const prefix = encoder.encode(body.prefix.replaceAll('$ID', id))
  const unit = body.unit
  const block = encoder.encode(unit.repeat(Math.max(1, Math.floor(CHUNK / encoder.encode(unit).byteLength))))
  let left = body.kind === 'huge' ? body.bytes : Number.POSITIVE_INFINITY
  let sentPrefix = false
  return () => {
    if (!sentPrefix) {
      sentPrefix = true
      if (prefix.byteLength > 0) return prefix
    }
    if (left <= 0) return undefined
    const n = Math.min(block.byteLength, left)
    left -= n
    return n === block.byteLength ? block : block.subarray(0, n)
  }
}

/**
 * A web ReadableStream of the answer's body that the meter watches: how much the client read, whether it
 * let go of it. `ending` decides how it ends; `signal` (the request's) errors it, as fetch does.
 */
export function meteredBody(
  answer: HostileAnswer,
  id: string,
  meter: BodyMeter,
  signal: AbortSignal | undefined,
): ReadableStream<Uint8Array> {
  const next = chunkSource(answer.body, id)
  let read = 0
  let done = false
  let wake: (() => void) | undefined
  meter.open++
  const finish = () => {
    if (done) return
    done = true
    meter.open--
    wake?.()
  }
  let stream!: ReadableStreamDefaultController<Uint8Array>
  const onAbort = () => {
    try {
      stream.error(new DOMException('The operation was aborted', 'AbortError'))
    } catch {}
    finish()
  }
  signal?.addEventListener('abort', onAbort, { once: true })
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        stream = controller
        if (signal?.aborted) onAbort()
      },
      async pull(controller) {
        // Each chunk arrives as its own event, as from a socket (a stream that answers reads in microtasks
        // would starve timers, which no network does).
        await nextTick()
        if (done) return
        const chunk = read >= BODY_CAP ? undefined : next()
        if (read >= BODY_CAP) meter.capped = true
        if (chunk) {
          read += chunk.byteLength
          meter.maxRead = Math.max(meter.maxRead, read)
          controller.enqueue(chunk)
          return
        }
        if (answer.ending === 'reset' || read >= BODY_CAP) {
          controller.error(new TypeError('terminated: other side closed'))
          finish()
        } else if (answer.ending === 'hang') {
          // Never ends: waits until the client cancels (or the request's signal aborts).
          await new Promise<void>((resolve) => {
            wake = resolve
          })
        } else {
          controller.close()
          finish()
        }
      },
      cancel() {
        finish()
      },
    },
    { highWaterMark: 0 },
  )
}
