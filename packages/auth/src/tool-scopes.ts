import { ErrorCode, HttpStatus } from '@edgemcp/core'
import { insufficientScope, jsonRpcRefusal as refuse } from './errors.js'
import type { AuthPrincipal } from './principal.js'
import { isScopeToken } from './www-authenticate.js'

/** Options of `toolScopes`: which scopes each tool needs. */
export interface ToolScopesOptions {
  /** Scopes a `tools/call` of each tool needs, by tool name; every one of them must be granted. */
  tools: Readonly<Record<string, readonly string[]>>
  /** Scopes a tool not in `tools` needs. Default none. */
  otherTools?: readonly string[] | undefined
  /** The RFC 9728 metadata URL, sent as `resource_metadata` in the 403 challenge (MCP authorization). */
  resourceMetadataUrl?: string | ((request: Request) => string) | undefined
  /**
   * Largest request body `check` reads, in bytes; a larger one is refused with 413 (it cannot be inspected, so
   * it does not pass). Default 4 MiB, the body limit of `@edgemcp/streamable-http`.
   */
  maxBodyBytes?: number | undefined
}

/** What `toolScopes` returns: the decision for a tool, and the same decision on a raw MCP request. */
export interface ToolScopes {
  /** The scopes `tool` needs that `granted` lacks (empty: allowed). */
  missing(tool: string, granted: readonly string[]): string[]
  /**
   * Checks an MCP POST before it reaches the transport: the 403 `insufficient_scope` response (with
   * `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"`) when a `tools/call` in it (or in a batch)
   * names a tool whose scopes `principal` lacks, a 413 when the body is larger than `maxBodyBytes`, else
   * `undefined`. Reads a clone: the request's body is left for the transport.
   */
  check(request: Request, principal: Pick<AuthPrincipal, 'scopes'>): Promise<Response | undefined>
}

const DESCRIPTION = 'The access token lacks a scope this tool needs'

/** Reads at most `limit` bytes of `request`'s body (a clone); undefined when there are more. */
async function bodyText(request: Request, limit: number): Promise<string | undefined> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) return undefined
  const body = request.clone().body
  if (!body) return ''
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return text + decoder.decode()
    size += value.byteLength
    if (size > limit) {
      reader.cancel().catch(() => {})
      return undefined
    }
    text += decoder.decode(value, { stream: true })
  }
}

/** The tool names a JSON-RPC message or batch calls (`tools/call`); nothing for anything else. */
function calledTools(message: unknown): string[] {
  const list = Array.isArray(message) ? message : [message]
  const names: string[] = []
  for (const m of list) {
    const { method, params } = (m ?? {}) as { method?: unknown; params?: { name?: unknown } }
    if (method === 'tools/call') names.push(typeof params?.name === 'string' ? params.name : '')
  }
  return names
}

/**
 * Per-tool scopes (MCP authorization, "Scope Challenge Handling"; RFC 6750 §3.1): a token that may reach the
 * server may still lack what one tool needs, e.g. `notes:write` for the tools that change notes. Put
 * `check` after the bearer check (`bearerGuard`, `bearerAuth`, or another verifier) and before the transport;
 * use `missing` inside a tool as well where a call can arrive another way.
 */
export function toolScopes(options: ToolScopesOptions): ToolScopes {
  const other = options.otherTools ?? []
  for (const scope of [...Object.values(options.tools).flat(), ...other])
    if (!isScopeToken(scope)) throw new TypeError(`toolScopes: invalid scope ${JSON.stringify(scope)}`)
  const limit = options.maxBodyBytes ?? 4 * 1024 * 1024
  const needs = (tool: string) => (Object.hasOwn(options.tools, tool) ? options.tools[tool] : other) ?? []
  const missing = (tool: string, granted: readonly string[]) => {
    const held = new Set(granted)
    return needs(tool).filter((s) => !held.has(s))
  }
  return {
    missing,
    async check(request, principal) {
      if (request.method !== 'POST') return undefined
      const text = await bodyText(request, limit)
      if (text === undefined)
        return refuse(HttpStatus.payloadTooLarge, ErrorCode.InvalidRequest, 'Request body too large')
      let message: unknown
      try {
        message = JSON.parse(text)
      } catch {
        return undefined // not JSON: the transport answers with its parse error
      }
      const tools = calledTools(message)
      const lacking = [...new Set(tools.flatMap((tool) => missing(tool, principal.scopes)))]
      if (lacking.length === 0) return undefined
      // The challenge names every scope the call needs, held or not (the client asks for them all at once).
      const scope = [...new Set(tools.flatMap(needs))]
      const metadata = options.resourceMetadataUrl
      return insufficientScope({
        lacking,
        description: DESCRIPTION,
        challenge: {
          scope,
          ...(metadata === undefined
            ? {}
            : { resourceMetadata: typeof metadata === 'function' ? metadata(request) : metadata }),
        },
      })
    },
  }
}
