/**
 * Node.js entry (`@edgemcp/streamable-http/node`): serve a Hono app (or anything with `fetch`) over
 * node:http via @hono/node-server. Kept apart so the main entry stays web-standard.
 */
import { serve as serveNode } from '@hono/node-server'
import type { ProtocolError } from '@edgemcp/core'
import { headersOf } from './header-reader.js'
import { errorResponse } from './http-error.js'
import { attachHeaderReader, type NodeIncoming, NodeHeaders } from './node-headers.js'
import { type Allowlist, checkHost, isLoopbackHost, isLoopbackHostname } from './security.js'

export interface ServeOptions {
  /** Port; 0 (default) picks a free one. */
  port?: number
  /** Interface to bind. Default 127.0.0.1 (bind only loopback when running locally). */
  hostname?: string
  /**
   * Host header values accepted. Default when bound to a loopback interface: loopback names only (DNS-rebinding
   * protection); otherwise no check. `false` disables the check.
   */
  allowedHosts?: Allowlist | false
}

export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:54321`. */
  url: string
  port: number
  /** Stops listening and drops open connections (SSE streams included). */
  close(): Promise<void>
}

/** The parts of node:http's Server used here (typed locally so the build needs no Node types). */
interface ClosableServer {
  close(callback: () => void): void
  closeAllConnections?(): void
}

/** What @hono/node-server hands `fetch` besides the request (typed locally: the build needs no Node types). */
interface NodeEnv {
  incoming?: NodeIncoming
}

/** The Host check of a request. */
type HostCheck = (request: Request) => ProtocolError | undefined

type FetchApp = { fetch: (request: Request, ...rest: never[]) => Response | Promise<Response> }
type FetchWithEnv = (request: Request, env: unknown) => Response | Promise<Response>

/** Serves `app` on node:http. Resolves once listening. */
export function serve(app: FetchApp, options: ServeOptions = {}): Promise<RunningServer> {
  const hostname = options.hostname ?? '127.0.0.1'
  const hosts = options.allowedHosts ?? (isLoopbackHostname(hostname) ? isLoopbackHost : false)
  const check: HostCheck | undefined =
    hosts === false
      ? undefined
      : hosts === isLoopbackHost
        ? loopbackHostCheck()
        : (request) => checkHost(request, hosts)
  return new Promise((resolve, reject) => {
    const server = serveNode(
      {
        // The env ({ incoming, outgoing }) goes on to the app: SSE streams are written straight to node:http.
        fetch: (request, env) => {
          attachNodeHeaders(request, env as NodeEnv)
          const error = check?.(request)
          return error ? errorResponse(error) : (app.fetch as FetchWithEnv)(request, env)
        },
        port: options.port ?? 0,
        hostname,
      },
      (info) => {
        const host = info.family === 'IPv6' ? `[${info.address}]` : info.address
        resolve({
          url: `http://${host}:${info.port}`,
          port: info.port,
          close: () =>
            new Promise<void>((done) => {
              const s = server as unknown as ClosableServer
              s.close(() => done())
              s.closeAllConnections?.()
            }),
        })
      },
    )
    server.once('error', reject)
  })
}

/**
 * Has the request's headers read from what node:http parsed (see `headersOf`, `NodeHeaders`), which the
 * request was made from a moment ago, until someone changes them.
 */
function attachNodeHeaders(request: Request, env: NodeEnv): void {
  if (env.incoming !== undefined)
    attachHeaderReader(request.headers, new NodeHeaders(env.incoming, request.headers))
}

/**
 * `checkHost` with the default loopback allowlist, remembering the Host values that passed (at most 16: a
 * header is input): a client sends the same Host with every request, and `isLoopbackHost` parses a URL each
 * time (issue #30: 0.28 µs of the 37 µs of a session tools/call in its CPU profile; callgrind, tools/bench
 * `instructions.mjs --only edgemcp-serve`, per request: workload (a) 332,232 -> 310,505-312,926, (b) 304,888 ->
 * 291,295-291,393). Only the default predicate is remembered; one the user gives may change its mind.
 */
function loopbackHostCheck(): HostCheck {
  const passed = new Set<string>()
  return (request) => {
    const host = headersOf(request).get('host')
    if (host !== null && passed.has(host)) return undefined
    const error = checkHost(request, isLoopbackHost)
    if (error === undefined && host !== null) {
      if (passed.size >= 16) passed.clear()
      passed.add(host)
    }
    return error
  }
}
