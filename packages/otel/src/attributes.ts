import type { Attributes, Span } from '@opentelemetry/api'
import { SpanStatusCode } from '@opentelemetry/api'

/** The histogram buckets (seconds) the MCP semantic conventions advise for every MCP duration metric. */
export const MCP_DURATION_BUCKETS: readonly number[] = [
  0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300,
]

/** Methods whose `params.uri` is `mcp.resource.uri` (the conventions' list). */
const URI_METHODS = new Set([
  'resources/read',
  'resources/subscribe',
  'resources/unsubscribe',
  'notifications/resources/updated',
])

type Params = Record<string, unknown>

/** What one message says about itself: the span name's target and the attributes its params give. */
export interface Described {
  name: string
  /** On spans and metrics. */
  common: Attributes
  /** On spans only (high cardinality). */
  spanOnly: Attributes
}

/**
 * The span name `{mcp.method.name} {target}` (target: the tool or prompt name; the resource URI only when
 * `uriInName`) and the attributes of the message's method and params.
 */
export function describe(method: string, params: Params, uriInName: boolean): Described {
  const common: Attributes = { 'mcp.method.name': method }
  const spanOnly: Attributes = {}
  let target: string | undefined
  const name = typeof params.name === 'string' ? params.name : undefined
  if (method === 'tools/call' && name !== undefined) {
    common['gen_ai.tool.name'] = name
    common['gen_ai.operation.name'] = 'execute_tool'
    target = name
  } else if (method === 'prompts/get' && name !== undefined) {
    common['gen_ai.prompt.name'] = name
    target = name
  } else if (URI_METHODS.has(method) && typeof params.uri === 'string') {
    spanOnly['mcp.resource.uri'] = params.uri
    if (uriInName) target = params.uri
  }
  return { name: target === undefined ? method : `${method} ${target}`, common, spanOnly }
}

/** `error.type` and friends of a failed operation, set on `span` and added to `attributes` (the metric's). */
export function recordFailure(span: Span, attributes: Attributes, error: unknown): void {
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : String(error)
  if (typeof code === 'number') {
    attributes['error.type'] = String(code)
    attributes['rpc.response.status_code'] = String(code)
  } else {
    const kind = (error as { kind?: unknown } | null)?.kind
    attributes['error.type'] =
      typeof kind === 'string'
        ? kind
        : error instanceof Error && error.name !== 'Error'
          ? error.name
          : '_OTHER'
  }
  span.setAttributes(attributes)
  span.setStatus({ code: SpanStatusCode.ERROR, message })
  if (error instanceof Error) span.recordException(error)
}

/** A tool result with `isError: true` is the failure `tool_error` (the conventions' note on `error.type`). */
export function recordResult(
  span: Span,
  attributes: Attributes,
  method: string,
  result: Params | undefined,
  capture: boolean,
): void {
  if (method === 'tools/call' && result?.isError === true) {
    attributes['error.type'] = 'tool_error'
    const text = (result.content as { type?: unknown; text?: unknown }[] | undefined)?.find(
      (c) => c?.type === 'text',
    )?.text
    span.setStatus({ code: SpanStatusCode.ERROR, ...(typeof text === 'string' ? { message: text } : {}) })
  }
  if (capture && method === 'tools/call' && result !== undefined)
    span.setAttribute('gen_ai.tool.call.result', JSON.stringify(result))
  span.setAttributes(attributes)
}

/** `gen_ai.tool.call.arguments` of a tools/call, when the user opted in. */
export function recordArguments(span: Span, method: string, params: Params, capture: boolean): void {
  if (capture && method === 'tools/call' && params.arguments !== undefined)
    span.setAttribute('gen_ai.tool.call.arguments', JSON.stringify(params.arguments))
}
