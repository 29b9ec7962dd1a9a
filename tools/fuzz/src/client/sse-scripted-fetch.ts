import {
  BODY_CAP,
  type BodyMeter,
  chunkSource,
  declaredLength,
  meteredBody,
  nextTick,
} from './answer-body.js'
import type { ClientCase } from './hostile-answer.js'
import {
  benignAnswer,
  describeRequest,
  type FetchLike,
  hostileHeaders,
  isHostileStep,
} from './scripted-fetch.js'

const encoder = new TextEncoder()
const event = (data: string) => encoder.encode(`event: message\ndata: ${data}\n\n`)

/**
 * An in-process legacy HTTP+SSE server (2024-11-05) as a fetch: GET opens the stream (endpoint event, then the
 * answers to what is POSTed); the request the case targets is answered on the stream with its hostile body
 * (raw SSE, or a text body as one event); with step `get` or `every` the stream itself turns hostile after
 * the endpoint event, and with `every` each POST's HTTP answer too.
 */
export function sseScriptedFetch(c: ClientCase, meter: BodyMeter): FetchLike {
  const sources: Array<() => Uint8Array | undefined> = []
  let wake: (() => void) | undefined
  let ended: 'end' | 'reset' | undefined
  let read = 0
  const push = (source: () => Uint8Array | undefined, then?: 'end' | 'reset' | 'hang') => {
    sources.push(source)
    if (then && then !== 'hang')
      sources.push(() => {
        ended = then
        return undefined
      })
    wake?.()
  }
  const once = (bytes: Uint8Array) => {
    let given = false
    return () => {
      if (given) return undefined
      given = true
      return bytes
    }
  }

  const stream = (signal: AbortSignal | undefined) => {
    meter.open++
    let done = false
    const finish = () => {
      if (done) return
      done = true
      meter.open--
      wake?.()
    }
    return new ReadableStream<Uint8Array>(
      {
        start(controller) {
          signal?.addEventListener('abort', () => {
            try {
              controller.error(new DOMException('The operation was aborted', 'AbortError'))
            } catch {}
            finish()
          })
        },
        async pull(controller) {
          await nextTick() // one chunk per event-loop turn, as from a socket
          for (;;) {
            if (done) return
            if (ended === 'end' || read >= BODY_CAP) {
              if (read >= BODY_CAP) meter.capped = true
              ended === 'end' ? controller.close() : controller.error(new TypeError('terminated'))
              return finish()
            }
            if (ended === 'reset') {
              controller.error(new TypeError('terminated: other side closed'))
              return finish()
            }
            const source = sources[0]
            const chunk = source?.()
            if (chunk) {
              read += chunk.byteLength
              meter.maxRead = Math.max(meter.maxRead, read)
              controller.enqueue(chunk)
              return
            }
            if (source && ended === undefined) {
              sources.shift()
              continue
            }
            if (ended !== undefined) continue
            await new Promise<void>((resolve) => {
              wake = resolve
            })
          }
        },
        cancel: finish,
      },
      { highWaterMark: 0 },
    )
  }

  return async (_input, init = {}) => {
    const method = (init.method ?? 'GET').toUpperCase()
    const seen = describeRequest(
      method,
      typeof init.body === 'string' ? init.body : undefined,
      new Headers(init.headers),
    )
    if (method === 'GET') {
      push(once(encoder.encode('event: endpoint\ndata: /messages?sessionId=fuzz\n\n')))
      if (c.step === 'get' || c.step === 'every') push(chunkSource(c.answer.body, 'null'), c.answer.ending)
      return new Response(stream(init.signal ?? undefined), {
        headers: { 'Content-Type': 'text/event-stream' },
      })
    }
    const hostile = isHostileStep(c.step, seen)
    if (hostile && c.step === 'every') {
      const a = c.answer
      const status =
        a.status >= 200 && a.status <= 599 && a.status !== 204 && a.status !== 304 ? a.status : 200
      const body = meteredBody(a, seen.id, meter, init.signal ?? undefined)
      return new Response(body, { status, headers: hostileHeaders(a, declaredLength(a, seen.id)) })
    }
    if (hostile) {
      const body = c.answer.body
      if (body.kind === 'text') push(once(event(body.text.replaceAll('$ID', seen.id))), c.answer.ending)
      else push(chunkSource(body, seen.id), c.answer.ending)
    } else if (seen.id !== 'null' && seen.rpc !== '') {
      const a = benignAnswer({ ...seen, modern: false })
      push(once(event(a.body)))
    }
    return new Response(null, { status: 202 })
  }
}
