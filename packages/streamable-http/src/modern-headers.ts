import { HeaderMismatchError, type McpServer, type ProtocolError } from '@edgemcp/core'
import { internalsOf } from '@edgemcp/core/internal'
import type { ToolServer } from '@edgemcp/core/tools-only'
import type { HeaderReader } from './header-reader.js'
import { headerValueOf } from './header-value.js'
import { bindingsIn, type HeaderBinding, headerMatches, headerText, valueAt } from './x-mcp-header.js'

/**
 * Methods whose `Mcp-Name` header mirrors a body field (2026-07-28 "Standard Request Headers"). A server's
 * extension methods name their own (`ExtensionMethod.nameField`: the tasks extension's `taskId`).
 */
export const NAME_FIELD: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
}

const bindingCache = new WeakMap<object, HeaderBinding[]>()

/** The `x-mcp-header` bindings of a tool's input schema (cached per schema object). */
export function bindingsOf(inputSchema: unknown): HeaderBinding[] {
  if (typeof inputSchema !== 'object' || inputSchema === null) return []
  let b = bindingCache.get(inputSchema)
  if (!b) {
    b = bindingsIn(inputSchema)
    bindingCache.set(inputSchema, b)
  }
  return b
}

/**
 * Server validation of a 2026-07-28 request's mirrored headers ("Server Validation"): `MCP-Protocol-Version`,
 * `Mcp-Method`, `Mcp-Name` and the tool's `Mcp-Param-{Name}` headers must be present when the body has the
 * value, be well formed, and (Base64 sentinel decoded) equal the body. Any failure is HeaderMismatch (-32020).
 * `version` is the MCP-Protocol-Version header as `versionHeader` reads it (trimmed), read once per request;
 * `server` has the tools whose input schemas name `Mcp-Param-{Name}` headers.
 */
export function checkModernHeaders(
  headers: HeaderReader,
  version: string | null,
  method: string,
  params: Record<string, unknown>,
  bodyVersion: string,
  server: McpServer | ToolServer,
): ProtocolError | undefined {
  if (version !== bodyVersion) return new HeaderMismatchError('MCP-Protocol-Version', version, bodyVersion)
  const methodHeader = headers.get('mcp-method')
  if (methodHeader !== method) return new HeaderMismatchError('Mcp-Method', methodHeader, method)

  const field = NAME_FIELD[method] ?? internalsOf(server).methods.get(method)?.nameField
  const bodyName = field === undefined ? undefined : params[field]
  if (typeof bodyName !== 'string') return undefined
  const error = mismatch(headers, 'Mcp-Name', bodyName)
  if (error || method !== 'tools/call') return error

  const args = params.arguments
  for (const binding of bindingsOf(internalsOf(server).toolInputSchema(bodyName))) {
    const error = mismatch(headers, `Mcp-Param-${binding.name}`, valueAt(args, binding.path))
    if (error) return error
  }
  return undefined
}

/**
 * Whether a mirrored header fails to carry the body's `value`: present although the body has no value, or
 * absent, malformed or (decoded) different although it has one.
 */
function mismatch(headers: HeaderReader, header: string, value: unknown): ProtocolError | undefined {
  const raw = headers.get(header.toLowerCase()) // a `HeaderReader` is asked in lowercase
  const bodyText =
    value === null || value === undefined ? undefined : (headerText(value) ?? JSON.stringify(value))
  const decoded = raw === null ? undefined : headerValueOf(raw)
  if (bodyText === undefined ? raw !== null : typeof decoded !== 'string' || !headerMatches(decoded, value))
    return new HeaderMismatchError(header, raw, bodyText)
  return undefined
}
