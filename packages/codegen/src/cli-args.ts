import { parseArgs } from 'node:util'
import type { ToolSource } from './load/source.js'
import { CLIENT_CAPABILITY_NAMES, type ClientCapabilityName } from './model/input.js'
import { isIdentifierName, isReservedWord } from './model/identifiers.js'

export const HELP = `edgemcp-codegen: typed client functions from an MCP server's tools/list

Usage:
  edgemcp-codegen <url | file.json | -> [options]
  edgemcp-codegen --stdio "<command>" [options]

Input (one of):
  <url>                     a server URL (Streamable HTTP, falling back to legacy HTTP+SSE)
  --stdio "<command>"       run a stdio server with this command line
  <file.json> | -           a saved tools/list: { "tools": [...] }, a JSON-RPC response, or an array of tools

Options:
  -o, --out <file>          write one module (default: client.ts)
      --split <dir>         write one module per tool plus index.ts, runtime.ts and types.ts
      --check               write nothing; exit 1 with a unified diff if the output on disk is out of date
      --snapshot <file>     also save the raw listing as JSON (to generate from later, offline)
      --include <glob>      only tools whose name matches (repeatable; * ? [abc] {a,b})
      --exclude <glob>      leave out tools whose name matches (repeatable)
      --with <list>         also type prompts and/or resource templates: prompts,resources
      --validate            validate arguments and structured results at run time (@cfworker/json-schema)
      --no-connect          leave out connect(url | transport) (the output then imports only types)
      --capabilities <list> client capabilities to declare while listing: elicitation,roots,sampling (the
                            default: all, so tools offered only to capable clients are seen) or none
      --rename <old=new>    use <new> as the function name of tool <old> (repeatable)
  -H, --header <h>          an HTTP header "Name: value" for URL inputs; \${VAR} reads the environment
      --token <token>       send "Authorization: Bearer <token>" (\${VAR} reads the environment)
      --auth                OAuth: log in if the server asks (prints, and in a terminal opens, the
                            authorization URL, then waits for the browser on a loopback redirect); tokens
                            are kept per server in ~/.config/edgemcp/oauth.json and reused (refreshed) by
                            later --auth runs. With CI set and no terminal, a needed login fails at once
      --auth-port <n>       loopback port of the login redirect (default: a free one)
      --auth-store <file>   where OAuth tokens are kept instead
      --timeout <ms>        per-request timeout for server inputs (default 30000)
  -q, --quiet               no progress lines
  -h, --help                this help
      --version             the version

Exit codes: 0 done (or up to date), 1 --check found drift, 2 failure (one line on stderr).

Examples:
  edgemcp-codegen https://example.com/mcp -o src/mcp-client.ts
  edgemcp-codegen https://example.com/mcp -H 'Authorization: Bearer \${MCP_TOKEN}' --snapshot tools.json
  edgemcp-codegen https://example.com/mcp --auth -o src/mcp-client.ts
  edgemcp-codegen --stdio "node server.js" --split src/mcp --with prompts,resources
  edgemcp-codegen tools.json -o client.ts --check
  edgemcp-codegen tools.json --include 'issues_*' --exclude '*_delete' --rename get-me=whoAmI
`

/** A bad command line; the message is one line. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

export interface CliOptions {
  help: boolean
  version: boolean
  source?: ToolSource
  /** Raw `-H` values (and `--token` as an Authorization header), interpolated later (so --help never needs the environment). */
  headers: string[]
  /** `--auth`: an OAuth login may ask the user. */
  auth: boolean
  authPort?: number
  authStore?: string
  out: { kind: 'file'; path: string } | { kind: 'split'; dir: string }
  check: boolean
  snapshot?: string
  include: string[]
  exclude: string[]
  prompts: boolean
  resources: boolean
  validate: boolean
  /** `--no-connect`: no `connect()` in the output. */
  connect: boolean
  /** `--capabilities`: what the client declares while listing (absent: all). */
  capabilities?: ClientCapabilityName[]
  rename: Map<string, string>
  timeoutMs?: number
  quiet: boolean
}

export function parseCliArgs(argv: readonly string[]): CliOptions {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (error) {
    throw new UsageError((error as Error).message.split(/\n|\. To /)[0]!)
  }
  const { values, positionals } = parsed
  const options: CliOptions = {
    help: values.help === true,
    version: values.version === true,
    headers: [
      ...(values.header ?? []),
      ...(values.token === undefined ? [] : [`Authorization: Bearer ${values.token}`]),
    ],
    auth: values.auth === true,
    out: { kind: 'file', path: values.out ?? 'client.ts' },
    check: values.check === true,
    include: values.include ?? [],
    exclude: values.exclude ?? [],
    prompts: false,
    resources: false,
    validate: values.validate === true,
    connect: values['no-connect'] !== true,
    rename: new Map(),
    quiet: values.quiet === true,
  }
  if (options.help || options.version) return options

  if (positionals.length > 1)
    throw new UsageError(`expected one input, got ${positionals.length}: ${positionals.join(' ')}`)
  const input = positionals[0]
  if (values.stdio !== undefined && input !== undefined)
    throw new UsageError('give either --stdio or an input, not both')
  if (values.stdio !== undefined) {
    if (values.stdio.trim() === '') throw new UsageError('--stdio needs a command')
    options.source = { kind: 'stdio', command: values.stdio }
  } else if (input === undefined) {
    throw new UsageError('no input: give a URL, a JSON file, - or --stdio "<command>" (see --help)')
  } else if (/^https?:\/\//i.test(input)) {
    try {
      new URL(input)
    } catch {
      throw new UsageError(`not a valid URL: ${input}`)
    }
    options.source = { kind: 'url', url: input }
  } else {
    options.source = { kind: 'file', path: input }
  }
  if (options.headers.length > 0 && options.source.kind !== 'url')
    throw new UsageError('-H and --token only apply to URL inputs')
  const authFlags = options.auth || values['auth-port'] !== undefined || values['auth-store'] !== undefined
  if (authFlags && options.source.kind !== 'url') throw new UsageError('--auth only applies to URL inputs')
  const authorizationHeader = (values.header ?? []).some((h) => /^\s*authorization\s*:/i.test(h))
  if (values.token !== undefined && authorizationHeader)
    throw new UsageError('give either --token or an Authorization header, not both')
  if (options.auth && (values.token !== undefined || authorizationHeader))
    throw new UsageError('give either --auth or credentials (--token, an Authorization header), not both')
  if (values['auth-port'] !== undefined) {
    const port = Number(values['auth-port'])
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError('--auth-port must be a port number (0: any free port)')
    options.authPort = port
  }
  if (values['auth-store'] !== undefined) options.authStore = values['auth-store']

  if (values.split !== undefined) {
    if (values.out !== undefined) throw new UsageError('give either -o or --split, not both')
    options.out = { kind: 'split', dir: values.split }
  }
  if (values.snapshot !== undefined) options.snapshot = values.snapshot
  for (const item of (values.with ?? []).flatMap((w) => w.split(','))) {
    const what = item.trim()
    if (what === 'prompts') options.prompts = true
    else if (what === 'resources') options.resources = true
    else if (what !== '')
      throw new UsageError(`--with takes prompts and/or resources, not ${JSON.stringify(what)}`)
  }
  if (values.capabilities !== undefined) {
    const chosen = new Set<ClientCapabilityName>()
    const items = values.capabilities.flatMap((c) => c.split(',')).map((c) => c.trim())
    for (const item of items) {
      if (item === '' || item === 'none') continue
      if (!(CLIENT_CAPABILITY_NAMES as readonly string[]).includes(item))
        throw new UsageError(
          `--capabilities takes ${CLIENT_CAPABILITY_NAMES.join(', ')} or none, not ${JSON.stringify(item)}`,
        )
      chosen.add(item as ClientCapabilityName)
    }
    if (items.includes('none') && chosen.size > 0)
      throw new UsageError('--capabilities none cannot be combined with a capability')
    options.capabilities = [...chosen].sort()
  }
  for (const rename of values.rename ?? []) {
    const eq = rename.lastIndexOf('=')
    const from = rename.slice(0, eq)
    const to = rename.slice(eq + 1)
    if (eq <= 0) throw new UsageError(`--rename ${JSON.stringify(rename)} is not of the form old=new`)
    if (!isIdentifierName(to) || isReservedWord(to)) {
      throw new UsageError(`--rename ${from}=${to}: ${JSON.stringify(to)} is not a usable function name`)
    }
    if ([...options.rename.values()].includes(to))
      throw new UsageError(`--rename gives two tools the name ${to}`)
    options.rename.set(from, to)
  }
  if (values.timeout !== undefined) {
    const ms = Number(values.timeout)
    if (!Number.isInteger(ms) || ms <= 0)
      throw new UsageError(`--timeout must be a positive number of milliseconds`)
    options.timeoutMs = ms
  }
  return options
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      out: { type: 'string', short: 'o' },
      split: { type: 'string' },
      check: { type: 'boolean' },
      snapshot: { type: 'string' },
      include: { type: 'string', multiple: true },
      exclude: { type: 'string', multiple: true },
      with: { type: 'string', multiple: true },
      validate: { type: 'boolean' },
      'no-connect': { type: 'boolean' },
      capabilities: { type: 'string', multiple: true },
      rename: { type: 'string', multiple: true },
      header: { type: 'string', short: 'H', multiple: true },
      token: { type: 'string' },
      auth: { type: 'boolean' },
      'auth-port': { type: 'string' },
      'auth-store': { type: 'string' },
      stdio: { type: 'string' },
      timeout: { type: 'string' },
      quiet: { type: 'boolean', short: 'q' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
  })
}
