import { type JsonRpcMessage, META_PROTOCOL_VERSION, type RequestId } from '@edgemcp/core'
import { isObject } from '@edgemcp/core/internal'
import { encodeHeaderValue } from '../header-value.js'
import { NAME_FIELD } from '../modern-headers.js'
import { type HeaderBinding, headerBindings, headerText, valueAt } from '../x-mcp-header.js'

/**
 * The body field each request's `Mcp-Name` header mirrors, as a client sends it: the standard methods' and the
 * tasks extension's (SEP-2663 "Routing Headers": `params.taskId`), which a client may call on any server.
 */
const MIRRORED_NAME: Readonly<Record<string, string>> = {
  ...NAME_FIELD,
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
}

/** The `_meta` protocol version of a request: present on every 2026-07-28 request. */
export function modernVersionOf(message: JsonRpcMessage): string | undefined {
  if (!('method' in message) || !isObject(message.params)) return undefined
  const meta = message.params._meta
  const v = isObject(meta) ? meta[META_PROTOCOL_VERSION] : undefined
  return typeof v === 'string' ? v : undefined
}

/** The request a `notifications/cancelled` names, with its reason. */
export function cancelledRequest(
  message: JsonRpcMessage | JsonRpcMessage[],
): { id: RequestId; reason: string } | undefined {
  if (Array.isArray(message) || !('method' in message) || message.method !== 'notifications/cancelled')
    return undefined
  const id = message.params?.requestId
  if (typeof id !== 'string' && typeof id !== 'number') return undefined
  const reason = message.params?.reason
  return { id, reason: typeof reason === 'string' ? reason : 'cancelled' }
}

/**
 * What the client knows about the server's tools for mirroring arguments into `Mcp-Param-{Name}` headers,
 * learnt from the `tools/list` results passing through the transport. Tools whose `x-mcp-header`
 * annotations break the rules are removed from those results (2026-07-28 "Schema Extension").
 */
export class ToolHeaders {
  private readonly byTool = new Map<string, HeaderBinding[]>()
  private readonly listRequests = new Set<RequestId>()

  constructor(private readonly warn: (message: string) => void) {}

  /** Notes an outgoing message: a tools/list request's answer will be read. */
  sent(message: JsonRpcMessage): void {
    if ('method' in message && 'id' in message && message.method === 'tools/list')
      this.listRequests.add(message.id)
  }

  /** Reads (and filters) a tools/list result; returns the message to deliver. */
  received(message: unknown): unknown {
    if (!isObject(message) || 'method' in message) return message
    const id = message.id
    if ((typeof id !== 'string' && typeof id !== 'number') || !this.listRequests.delete(id)) return message
    const result = message.result
    if (!isObject(result) || !Array.isArray(result.tools)) return message
    const kept: unknown[] = []
    for (const tool of result.tools) {
      if (!isObject(tool) || typeof tool.name !== 'string') {
        kept.push(tool)
        continue
      }
      const { bindings, problems } = headerBindings(tool.inputSchema)
      if (problems.length > 0) {
        this.byTool.delete(tool.name)
        this.warn(`Ignoring tool "${tool.name}": invalid x-mcp-header (${problems.join('; ')})`)
        continue
      }
      if (bindings.length > 0) this.byTool.set(tool.name, bindings)
      else this.byTool.delete(tool.name)
      kept.push(tool)
    }
    return kept.length === result.tools.length ? message : { ...message, result: { ...result, tools: kept } }
  }

  /** `Mcp-Param-*` headers of a tools/call. */
  paramHeaders(toolName: string, args: unknown): Record<string, string> {
    const out: Record<string, string> = {}
    for (const b of this.byTool.get(toolName) ?? []) {
      const text = headerText(valueAt(args, b.path))
      if (text !== undefined) out[`Mcp-Param-${b.name}`] = encodeHeaderValue(text)
    }
    return out
  }
}

/** `Mcp-Method`, `Mcp-Name` and `Mcp-Param-*` of one message (2026-07-28 "Request Metadata"). */
export function mirroredHeaders(message: JsonRpcMessage, tools: ToolHeaders): Record<string, string> {
  if (!('method' in message)) return {}
  const headers: Record<string, string> = { 'Mcp-Method': message.method }
  const params = isObject(message.params) ? message.params : {}
  const field = MIRRORED_NAME[message.method]
  const name = field === undefined ? undefined : params[field]
  if (typeof name === 'string') {
    headers['Mcp-Name'] = encodeHeaderValue(name)
    if (message.method === 'tools/call') Object.assign(headers, tools.paramHeaders(name, params.arguments))
  }
  return headers
}
