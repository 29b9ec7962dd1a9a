import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { BODY_CAP, type BodyMeter, chunkSource, declaredLength } from './answer-body.js'
import type { ClientCase } from './hostile-answer.js'
import { benignAnswer, describeRequest, type FetchLike, isHostileStep } from './scripted-fetch.js'

/** Loopback adds what sockets buffer between the server's writes and the client's reads. */
export const SOCKET_SLACK = 16 * 1024 * 1024

/**
 * A real HTTP server on 127.0.0.1:0 that plays the current case: the same answers as the in-process scripted
 * fetch, written to a socket (so the runtime's HTTP client sees real framing: lying Content-Length, resets,
 * oversized headers). `meter` counts bytes written to each hostile body.
 */
export async function startHostileServer(): Promise<{
  url: string
  play(c: ClientCase, meter: BodyMeter): FetchLike
  close(): Promise<void>
}> {
  let current: { c: ClientCase; meter: BodyMeter } | undefined
  const server = createServer((req, res) => {
    void answer(req, res).catch(() => res.destroy())
  })
  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers = new Headers()
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v)
    const seen = describeRequest(req.method ?? 'GET', Buffer.concat(chunks).toString('utf8'), headers)
    const play = current
    if (!play || !isHostileStep(play.c.step, seen)) {
      const a = benignAnswer(seen)
      res.writeHead(a.status, a.headers).end(a.body)
      return
    }
    const { c, meter } = play
    const status = c.answer.status >= 200 && c.answer.status <= 599 ? c.answer.status : 200
    res.statusCode = status
    for (const [name, value] of c.answer.headers) {
      try {
        res.setHeader(name, value)
      } catch {
        // Node refuses it: no real server could send it either
      }
    }
    // 204 and 304 carry no body (Node drops what is written to them).
    if (status === 204 || status === 304) return void res.end()
    const length = declaredLength(c.answer, seen.id)
    if (length !== undefined) res.setHeader('Content-Length', String(length))
    const next = chunkSource(c.answer.body, seen.id)
    meter.open++
    let closed = false
    let written = 0
    res.on('close', () => {
      if (!closed) meter.open--
      closed = true
    })
    for (;;) {
      if (closed) return
      const chunk = written >= BODY_CAP ? undefined : next()
      if (!chunk) break
      written += chunk.byteLength
      meter.maxRead = Math.max(meter.maxRead, written)
      if (!res.write(chunk))
        await new Promise<void>((resolve) => {
          const go = () => {
            res.off('drain', go)
            res.off('close', go)
            resolve()
          }
          res.on('drain', go)
          res.on('close', go)
        })
    }
    if (written >= BODY_CAP) meter.capped = true
    if (c.answer.ending === 'reset' || written >= BODY_CAP) res.destroy()
    else if (c.answer.ending === 'end') res.end()
    // 'hang': left open until the client hangs up
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    play(c, meter) {
      current = { c, meter }
      return (input, init) =>
        fetch(typeof input === 'string' ? input.replace('http://fuzz.test', url) : input, init)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
