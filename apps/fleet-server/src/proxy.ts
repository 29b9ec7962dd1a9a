import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ProxyOptions {
  /** Port; 0: a free one. */
  port: number
  /** Interface. Default 127.0.0.1. */
  hostname?: string
  /** The instances' base URLs (`http://127.0.0.1:PORT`), read for every request (instances come and go). */
  backends: () => readonly string[]
}

export interface RunningProxy {
  url: string
  port: number
  /** Requests sent to each backend (by its URL). */
  readonly counts: ReadonlyMap<string, number>
  close(): Promise<void>
}

/** Hop-by-hop headers (RFC 9110 §7.6.1): not forwarded. */
const HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
])

const forwardable = (headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders => {
  const out: http.OutgoingHttpHeaders = {}
  for (const [k, v] of Object.entries(headers)) if (!HOP.has(k) && v !== undefined) out[k] = v
  return out
}

/**
 * The request's headers for an instance, with the address the proxy was reached from appended to
 * `X-Forwarded-For` (what the client wrote there itself stays before it: the instances, which trust this
 * proxy, take the last address that is not a trusted proxy, see `trustedProxies`).
 */
const forwardedRequest = (req: http.IncomingMessage): http.OutgoingHttpHeaders => {
  const out = forwardable(req.headers)
  const from = req.socket.remoteAddress
  const before = req.headers['x-forwarded-for']
  if (from !== undefined) out['x-forwarded-for'] = before ? `${before}, ${from}` : from
  return out
}

/**
 * A small round-robin HTTP reverse proxy, the load balancer of the fleet: each request goes to the next
 * instance, whatever session it belongs to (no stickiness), with its headers as they are (Host and Origin
 * included, so each instance's DNS-rebinding checks see what the client sent) plus the client's address in
 * `X-Forwarded-For` (the instances count each client's sessions by it) and its body and answer
 * streamed both ways (SSE included). An instance that refuses the connection (stopped, restarting) is skipped
 * for the next one; when none accepts, 502. A client that goes away aborts its upstream request.
 */
export function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  let next = 0
  const counts = new Map<string, number>()
  const server = http.createServer((req, res) => {
    const backends = options.backends()
    const attempt = (tries: number): void => {
      if (tries >= backends.length) {
        res
          .writeHead(502, { 'Content-Type': 'text/plain' })
          .end('Bad Gateway: no instance accepted the connection')
        return
      }
      const base = new URL(backends[next++ % backends.length]!)
      const upstream = http.request({
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.url,
        headers: forwardedRequest(req),
        // One connection per request: an instance that dies takes only its own requests with it.
        agent: false,
      })
      let connected = false
      // Once connected, the request body streams through (not before: a refused connection retries).
      upstream.once('socket', (socket) =>
        socket.once('connect', () => {
          connected = true
          req.pipe(upstream)
        }),
      )
      upstream.once('response', (answer) => {
        counts.set(base.origin, (counts.get(base.origin) ?? 0) + 1)
        res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers))
        res.flushHeaders()
        answer.pipe(res)
        answer.once('error', () => res.destroy())
      })
      upstream.once('error', () => {
        // Nothing reached the instance: another one may serve the request (its body is still unread).
        if (!connected && !res.headersSent) attempt(tries + 1)
        else res.destroy()
      })
      res.once('close', () => upstream.destroy())
    }
    attempt(0)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.hostname ?? '127.0.0.1', () => {
      const { port, address } = server.address() as AddressInfo
      resolve({
        url: `http://${address}:${port}`,
        port,
        counts,
        close: () =>
          new Promise((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}
