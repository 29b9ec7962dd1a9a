import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createOAuthProvider } from '@edgemcp/auth/client'
import { McpClient } from '@edgemcp/core'
import { StdioClientTransport } from '@edgemcp/stdio'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { createExplorer } from '../explorer.js'
import { Translator } from './translate.js'

export interface ExplorerProxyOptions {
  /** The target server's Streamable HTTP (or SSE-less legacy HTTP) endpoint, `http:` or `https:`. */
  url?: string | undefined
  /** Or a command line that starts the target server on stdio (run through the shell). */
  stdio?: string | undefined
  /** Headers sent with every HTTP request to the target, e.g. `{ Authorization: 'Bearer …' }`. */
  headers?: Record<string, string> | undefined
  /**
   * OAuth for an HTTP target that answers 401 (`@edgemcp/auth/client`): the login URL goes to `onLogin`, the
   * browser comes back to `/oauth/callback` on the explorer's port. Default true unless `headers` has
   * `Authorization`.
   */
  oauth?: boolean | undefined
  /** Shown the login URL when the target asks for OAuth. Default: printed to stderr. */
  onLogin?: ((url: URL) => void) | undefined
  /** The explorer's loopback port. Default 0 (a free one). */
  port?: number | undefined
  /** The apps' sandbox port (another origin). Default 0 (a free one). */
  sandboxPort?: number | undefined
  /** How long connecting to the target may take. Default 30 s. */
  connectTimeoutMs?: number | undefined
}

export interface ExplorerProxy {
  /** The explorer page, `http://127.0.0.1:<port>/`. */
  readonly url: string
  /** Where the apps' sandbox proxy runs, `http://127.0.0.1:<sandboxPort>`. */
  readonly sandboxOrigin: string
  /** The connected client of the target. */
  readonly client: McpClient
  /** Stops both listeners and closes the connection to the target (a stdio child is ended). */
  close(): Promise<void>
}

const MAX_BODY = 1_000_000
const UI = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } }

/**
 * The explorer for a server it is not part of: a loopback page whose MCP endpoint (`/mcp`) forwards to the
 * target through an `McpClient` of either era, and a second loopback port for the apps' sandbox.
 *
 * @example
 * const proxy = await startExplorerProxy({ stdio: 'node server.js' })
 * console.log(proxy.url) // open it in a browser
 */
export async function startExplorerProxy(options: ExplorerProxyOptions): Promise<ExplorerProxy> {
  const target = checkTarget(options)
  const page = await listen(options.port ?? 0)
  const sandbox = await listen(options.sandboxPort ?? 0)
  const pageHosts = hostsOf(page)
  const sandboxHosts = hostsOf(sandbox)
  const pageUrl = `http://127.0.0.1:${port(page)}/`
  const sandboxOrigin = `http://127.0.0.1:${port(sandbox)}`
  const explorer = createExplorer({ sandboxOrigin })
  const logins = new Map<string, (url: URL) => void>()
  const client = new McpClient(
    { name: 'edgemcp-explorer', version: '0.1.0' },
    { capabilities: { extensions: UI }, requestTimeoutMs: 600_000 },
  )
  const translator = new Translator(client)
  const stop = async () => {
    await Promise.allSettled([client.close(), closeServer(page), closeServer(sandbox)])
  }

  sandbox.on('request', (req, res) => {
    if (!sandboxHosts.has(req.headers.host ?? '')) return plain(res, 421, 'Misdirected Request')
    const url = new URL(req.url ?? '/', sandboxOrigin)
    if (req.method !== 'GET' || !url.searchParams.has('mcp-app-sandbox')) return plain(res, 404, 'Not Found')
    void send(res, explorer(new Request(url)))
  })
  page.on('request', (req, res) => {
    const host = req.headers.host ?? ''
    if (!pageHosts.has(host)) return plain(res, 421, 'Misdirected Request')
    const origin = req.headers.origin
    if (origin !== undefined && origin !== `http://${host}`)
      return plain(res, 403, 'Forbidden: cross-origin request')
    const url = new URL(req.url ?? '/', `http://${host}`)
    if (url.pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      if (url.searchParams.has('mcp-app-sandbox')) return plain(res, 404, 'Not Found')
      return void send(res, explorer(new Request(url, { method: req.method })))
    }
    if (url.pathname === '/oauth/callback' && req.method === 'GET') {
      const done = logins.get(url.searchParams.get('state') ?? '')
      if (!done) return plain(res, 400, 'No login is waiting for this callback')
      done(url)
      return plain(res, 200, 'Logged in: you can close this tab and go back to the explorer.')
    }
    if (url.pathname === '/mcp' && req.method === 'POST') return void forward(req, res)
    plain(
      res,
      url.pathname === '/mcp' ? 405 : 404,
      url.pathname === '/mcp' ? 'Method Not Allowed' : 'Not Found',
    )
  })

  async function forward(req: IncomingMessage, res: ServerResponse) {
    let body: unknown
    try {
      body = JSON.parse(await readBody(req))
    } catch (e) {
      return plain(
        res,
        e instanceof RangeError ? 413 : 400,
        e instanceof RangeError ? e.message : 'Bad Request: not JSON',
      )
    }
    // A request with a progress token is answered as an event stream: its progress, then its response.
    let streaming = false
    const answer = await translator.translate(body, (note) => {
      if (!streaming) res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' })
      streaming = true
      res.write(`data: ${JSON.stringify(note)}\n\n`)
    })
    if (streaming) return void res.end(answer === undefined ? '' : `data: ${JSON.stringify(answer)}\n\n`)
    if (answer === undefined) return plain(res, 202, '')
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    res.end(JSON.stringify(answer))
  }

  try {
    const transport =
      target.kind === 'stdio'
        ? new StdioClientTransport({ command: target.command, shell: true, stderr: 'inherit' })
        : new StreamableHttpClientTransport(target.url, {
            headers: options.headers ?? {},
            ...(useOAuth(options)
              ? {
                  authProvider: createOAuthProvider({
                    serverUrl: target.url,
                    client: { name: 'edgemcp explorer', redirectUri: `${pageUrl}oauth/callback` },
                    authorize: ({ url, state }) =>
                      new Promise<URL>((resolve) => {
                        logins.set(state, (back) => {
                          logins.delete(state)
                          resolve(back)
                        })
                        ;(options.onLogin ?? ((u) => process.stderr.write(`Log in to the server: ${u}\n`)))(
                          url,
                        )
                      }),
                  }),
                }
              : {}),
          })
    await withTimeout(client.connect(transport), options.connectTimeoutMs ?? 30_000, target.label)
  } catch (e) {
    await stop()
    throw new Error(`Cannot connect to ${target.label}: ${(e as Error).message}${hint(e)}`, { cause: e })
  }
  return { url: pageUrl, sandboxOrigin, client, close: stop }
}

type Target = { kind: 'stdio'; command: string; label: string } | { kind: 'http'; url: string; label: string }

function checkTarget(o: ExplorerProxyOptions): Target {
  if ((o.url === undefined) === (o.stdio === undefined))
    throw new TypeError('Give exactly one target: a server URL, or --stdio "<command>"')
  if (o.stdio !== undefined) {
    if (!o.stdio.trim()) throw new TypeError('--stdio needs a command, like --stdio "node server.js"')
    return { kind: 'stdio', command: o.stdio, label: `the stdio server "${o.stdio}"` }
  }
  const url = URL.canParse(o.url as string) ? new URL(o.url as string) : undefined
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new TypeError(`Not an http(s) URL: ${o.url} (for a local command use --stdio "<command>")`)
  return { kind: 'http', url: url.href, label: url.href }
}

const useOAuth = (o: ExplorerProxyOptions) =>
  o.oauth ?? !Object.keys(o.headers ?? {}).some((k) => k.toLowerCase() === 'authorization')

function hint(e: unknown): string {
  const m = String((e as Error)?.message ?? e)
  if (/\b401\b/.test(m))
    return ' (the server needs authorization: pass --header "Authorization: Bearer <token>")'
  if (/ECONNREFUSED|fetch failed/i.test(m)) return ' (is the server running at that address?)'
  return ''
}

function withTimeout<T>(p: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms from ${label}`)), ms)
  })
  return Promise.race([p, t]).finally(() => clearTimeout(timer))
}

function listen(p: number): Promise<Server> {
  const server = createServer()
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(p, '127.0.0.1', () => resolve(server))
  })
}
const port = (s: Server) => (s.address() as AddressInfo).port
const hostsOf = (s: Server) => new Set([`127.0.0.1:${port(s)}`, `localhost:${port(s)}`])
const closeServer = (s: Server) =>
  new Promise<void>((resolve) => {
    s.close(() => resolve())
    s.closeAllConnections()
  })

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
  res.end(text)
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers))
  res.end(Buffer.from(await response.arrayBuffer()))
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY) throw new RangeError(`Payload Too Large (over ${MAX_BODY} bytes)`)
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}
