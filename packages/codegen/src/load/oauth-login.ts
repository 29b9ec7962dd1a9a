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
  let loopback: typeof import('@edgemcp/auth/loopback')
  try {
    client = await import('@edgemcp/auth/client')
    files = await import('@edgemcp/auth/file-store')
    loopback = await import('@edgemcp/auth/loopback')
  } catch (error) {
    throw new LoadError(`OAuth needs @edgemcp/auth, which could not be loaded: ${(error as Error).message}`)
  }
  const storePath = options.storePath ?? files.defaultOAuthFilePath('edgemcp')
  const callback = options.interactive ? await listen(loopback, options.port) : undefined
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
        if (options.openBrowser) loopback.openInBrowser(url.href)
        return callback.wait(state).catch((e: unknown) => {
          throw e instanceof loopback.LoopbackLoginError ? new LoadError(e.message) : e
        })
      },
    }),
  })
  return { provider, storePath, close: async () => callback?.close() }
}

/** The loopback redirect listener (RFC 8252 §7.3), its failures as LoadErrors. */
async function listen(loopback: typeof import('@edgemcp/auth/loopback'), port: number) {
  try {
    return await loopback.loopbackLogin({ port, waitMs: LOGIN_WAIT_MS, appName: 'edgemcp-codegen' })
  } catch (error) {
    throw error instanceof loopback.LoopbackLoginError ? new LoadError(error.message) : error
  }
}
