import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'

/** A loopback redirect listener for one command-line login (RFC 8252 §7.3). */
export interface LoopbackLogin {
  /** `http://127.0.0.1:<port>/callback`: the redirect URI to register and send. */
  readonly redirectUri: string
  /** Resolves with the full redirect URL of the first callback that carries `state`. */
  wait(state: string): Promise<string>
  /** Stops listening. */
  close(): Promise<void>
}

export interface LoopbackLoginOptions {
  /** The port to listen on (0, the default: any free port). */
  port?: number
  /** How long `wait` waits for the browser to come back. Default 5 minutes (a person reads a consent page). */
  waitMs?: number
  /** Named on the page the browser shows after the login: "<appName>: logged in, you can close this tab." */
  appName: string
}

/** A login the loopback listener could not complete (no port, no browser within the time). */
export class LoopbackLoginError extends Error {
  override readonly name = 'LoopbackLoginError'
}

/**
 * Listens on 127.0.0.1 for the authorization server's redirect of a command-line OAuth login, for the
 * `authorize` callback of `createOAuthProvider()` (`@edgemcp/auth/client`): print or open the authorization
 * URL, then `return login.wait(state)`. Node only.
 *
 * @example
 * const login = await loopbackLogin({ appName: 'my-cli' })
 * const provider = createOAuthProvider({
 *   serverUrl,
 *   client: { name: 'my-cli', redirectUri: login.redirectUri, applicationType: 'native' },
 *   store: new FileOAuthStore(defaultOAuthFilePath('my-cli')),
 *   authorize: async ({ url, state }) => {
 *     console.error(`log in: ${url.href}`)
 *     openInBrowser(url.href)
 *     return login.wait(state)
 *   },
 * })
 */
export async function loopbackLogin(options: LoopbackLoginOptions): Promise<LoopbackLogin> {
  const { port = 0, waitMs = 5 * 60_000, appName } = options
  let waiting: { state: string; resolve: (url: string) => void } | undefined
  let redirectUri = ''
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const mine = url.pathname === '/callback' && waiting && url.searchParams.get('state') === waiting.state
    res.writeHead(mine ? 200 : 404, { 'content-type': 'text/plain; charset=utf-8' })
    res.end(mine ? `${appName}: logged in, you can close this tab.\n` : 'Not Found\n')
    if (mine && waiting) {
      const { resolve } = waiting
      waiting = undefined
      resolve(`${redirectUri}${url.search}`)
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        new LoopbackLoginError(`cannot listen on 127.0.0.1:${port} for the login redirect: ${e.message}`),
      ),
    )
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  redirectUri = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}/callback`
  return {
    redirectUri,
    wait: (state: string) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting = undefined
          reject(new LoopbackLoginError(`no login within ${duration(waitMs)} (the browser never came back)`))
        }, waitMs)
        timer.unref?.()
        waiting = {
          state,
          resolve: (url) => {
            clearTimeout(timer)
            resolve(url)
          },
        }
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const duration = (ms: number): string =>
  ms >= 60_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.max(1, Math.round(ms / 1000))} s`

/** Opens `url` in the user's browser when there is one; does nothing otherwise (the printed URL is enough). */
export function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]]
  try {
    spawn(command, args as string[], { stdio: 'ignore', detached: true })
      .on('error', () => {})
      .unref()
  } catch {
    // no browser
  }
}
