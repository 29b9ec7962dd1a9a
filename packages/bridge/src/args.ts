import { parseArgs } from 'node:util'
import type { ProtocolChoice } from '@edgemcp/core'

/** What the command line asks for. */
export interface BridgeArgs {
  /** The remote server's MCP endpoint (http: only for loopback hosts). */
  url: URL
  /** Extra request headers for the remote (`--header`, and `--token` as `Authorization: Bearer …`). */
  headers: Record<string, string>
  /** The revision the bridge speaks to the remote: `auto` (default), `modern`, `legacy` or an exact one. */
  protocol: ProtocolChoice
  /** Per-request timeout towards the remote, in milliseconds (0: none). */
  timeoutMs: number
  /**
   * OAuth (MCP authorization) when the remote asks for it: on unless a token or an Authorization header is
   * given, or `--no-auth`. The token file is the one edgemcp-codegen uses.
   */
  auth: { storePath: string | undefined; port: number } | undefined
}

/** A command line the bridge cannot run; the message is one line for a stdio client's log. */
export class BridgeUsageError extends Error {
  override readonly name = 'BridgeUsageError'
}

export const USAGE = `Usage: edgemcp-bridge <url> [options]

Serves the MCP server at <url> to a stdio client (a desktop app that only launches local servers), in
whatever revision each side speaks: 2024-11-05 to 2025-11-25 sessions or stateless 2026-07-28.

Options:
  --header "Name: value"   send this header to the remote (repeatable)
  --token <token>          send "Authorization: Bearer <token>" (or set EDGEMCP_BRIDGE_TOKEN)
  --protocol <p>           auto (default), modern, legacy, or a revision such as 2025-11-25
  --timeout <ms>           per-request timeout towards the remote (default 60000; 0: none)
  --auth-store <file>      where OAuth tokens are kept (default ~/.config/edgemcp/oauth.json, as codegen)
  --auth-port <port>       the loopback port of the OAuth login redirect (default: any free port)
  --no-auth                never log in: a server that asks for OAuth is an error
  -h, --help               this text

OAuth: when the server answers 401 with an OAuth challenge, the bridge registers itself, opens the login
page in your browser (the URL is also printed on stderr) and keeps the tokens, refreshing them as needed.

Example (claude_desktop_config.json):
  { "command": "npx", "args": ["-y", "@edgemcp/bridge", "https://example.com/mcp"] }
`

const PROTOCOLS = /^(auto|modern|legacy|\d{4}-\d{2}-\d{2})$/
// Header names of RFC 9110 (tokens); a value may not carry a line break.
const HEADER = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*([^\r\n]*)$/
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Parses `argv` (without node and the script); `env` supplies EDGEMCP_BRIDGE_TOKEN. */
export function parseBridgeArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): BridgeArgs | 'help' {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (error) {
    throw new BridgeUsageError(`${(error as Error).message} (see --help)`)
  }
  const { values, positionals } = parsed
  if (values.help) return 'help'
  if (positionals.length !== 1)
    throw new BridgeUsageError(
      positionals.length === 0
        ? 'the remote server URL is missing: edgemcp-bridge <url> (see --help)'
        : `one URL only, got ${positionals.length}: ${positionals.join(' ')}`,
    )
  const url = parseUrl(positionals[0]!)
  const headers: Record<string, string> = {}
  for (const header of values.header ?? []) {
    const match = HEADER.exec(header)
    if (!match)
      throw new BridgeUsageError(`--header must look like "Name: value", got ${JSON.stringify(header)}`)
    headers[match[1]!.toLowerCase()] = match[2]!.trim()
  }
  const token = values.token ?? env.EDGEMCP_BRIDGE_TOKEN
  if (token !== undefined) {
    if (token === '' || /\s/.test(token))
      throw new BridgeUsageError('--token must be a non-empty token without spaces')
    if (headers.authorization !== undefined)
      throw new BridgeUsageError('--token and --header "Authorization: …" both set the Authorization header')
    headers.authorization = `Bearer ${token}`
  }
  const protocol = values.protocol ?? 'auto'
  if (!PROTOCOLS.test(protocol))
    throw new BridgeUsageError(`--protocol must be auto, modern, legacy or a revision date, got ${protocol}`)
  const timeoutMs = values.timeout === undefined ? 60_000 : Number(values.timeout)
  if (!Number.isInteger(timeoutMs) || timeoutMs < 0)
    throw new BridgeUsageError(`--timeout must be a whole number of milliseconds, got ${values.timeout}`)
  const port = values['auth-port'] === undefined ? 0 : Number(values['auth-port'])
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new BridgeUsageError(`--auth-port must be a port number, got ${values['auth-port']}`)
  const auth =
    values['no-auth'] === true || headers.authorization !== undefined
      ? undefined
      : { storePath: values['auth-store'], port }
  return { url, headers, protocol: protocol as ProtocolChoice, timeoutMs, auth }
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      header: { type: 'string', multiple: true },
      token: { type: 'string' },
      protocol: { type: 'string' },
      timeout: { type: 'string' },
      'auth-store': { type: 'string' },
      'auth-port': { type: 'string' },
      'no-auth': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
}

function parseUrl(text: string): URL {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new BridgeUsageError(`not a URL: ${JSON.stringify(text)} (expected https://host/path)`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new BridgeUsageError(`the URL must be https: (or http: on this machine), got ${url.protocol}`)
  // A token must not travel in clear text to another machine (http: is for loopback servers only).
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname))
    throw new BridgeUsageError(
      `http: is only for loopback servers (localhost, 127.0.0.1, [::1]); use https://${url.host}${url.pathname}`,
    )
  return url
}
