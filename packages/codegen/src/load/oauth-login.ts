import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AuthProvider } from '@edgemcp/core'
import { LoadError } from './source.js'

/** How codegen may authenticate to a server URL with OAuth (MCP authorization). */
export interface OAuthLoadOptions {
  /** `--auth`: a login may ask the user (print/open the authorization URL, wait on a loopback redirect). */
  interactive: boolean
  /** `--auth-port`: the loopback port of the redirect (0: any free port). */
  port: number
  /** `--auth-store`: the token file (default ~/.config/edgemcp/oauth.json). */
  storePath: string | undefined
  /** Where the authorization URL is printed. */
  print: (line: string) => void
  /** Open the URL in a browser (a terminal is attached). */
  openBrowser: boolean
}

/** How long a login waits for the browser to come back (a person is reading a consent page). */
const LOGIN_WAIT_MS = 5 * 60_000

/** A provider for `serverUrl` and what to close when done, or a LoadError if @edgemcp/auth is missing. */
export async function oauthProvider(
  serverUrl: string,
  options: OAuthLoadOptions,
): Promise<{ provider: AuthProvider; storePath: string; close(): Promise<void> }> {
  let client: typeof import('@edgemcp/auth/client')
  let files: typeof import('@edgemcp/auth/file-store')
  try {
    client = await import('@edgemcp/auth/client')
    files = await import('@edgemcp/auth/file-store')
  } catch (error) {
    throw new LoadError(`OAuth needs @edgemcp/auth, which could not be loaded: ${(error as Error).message}`)
  }
  const storePath = options.storePath ?? files.defaultOAuthFilePath('edgemcp')
  const callback = options.interactive ? await loopback(options.port) : undefined
  const provider = client.createOAuthProvider({
    serverUrl,
    client: {
      name: 'edgemcp-codegen',
      redirectUri: callback?.redirectUri ?? 'http://127.0.0.1/callback',
      applicationType: 'native',
      softwareId: 'edgemcp-codegen',
    },
    store: new files.FileOAuthStore(storePath),
    ...(callback && {
      authorize: async ({ url, state }) => {
        options.print(`log in to ${url.origin} in your browser (waiting for it):\n  ${url.href}`)
        if (options.openBrowser) openInBrowser(url.href)
        return callback.wait(state)
      },
    }),
  })
  return { provider, storePath, close: async () => callback?.close() }
}

/**
 * A loopback HTTP listener for the authorization redirect (RFC 8252 §7.3): `http://127.0.0.1:<port>/callback`.
 * `wait(state)` resolves with the first callback carrying that state.
 */
async function loopback(port: number) {
  let waiting: { state: string; resolve: (url: string) => void } | undefined
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const mine = url.pathname === '/callback' && waiting && url.searchParams.get('state') === waiting.state
    res.writeHead(mine ? 200 : 404, { 'content-type': 'text/plain; charset=utf-8' })
    res.end(mine ? 'edgemcp-codegen: logged in, you can close this tab.\n' : 'Not Found\n')
    if (mine && waiting) {
      const { resolve } = waiting
      waiting = undefined
      resolve(`${redirectUri}${url.search}`)
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(new LoadError(`cannot listen on 127.0.0.1:${port} for the login redirect: ${e.message}`)),
    )
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  const redirectUri = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}/callback`
  return {
    redirectUri,
    wait: (state: string) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting = undefined
          reject(
            new LoadError(`no login within ${LOGIN_WAIT_MS / 60_000} minutes (the browser never came back)`),
          )
        }, LOGIN_WAIT_MS)
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

function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]]
  try {
    spawn(command, args as string[], { stdio: 'ignore', detached: true })
      .on('error', () => {}) // no browser: the printed URL is enough
      .unref()
  } catch {
    // idem
  }
}
