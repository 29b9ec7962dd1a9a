import type { ClientInboundMiddleware, ClientMiddleware } from '@edgemcp/core/middleware'
import { type Attributes, context, SpanKind, trace } from '@opentelemetry/api'
import { describe, recordArguments, recordFailure, recordResult } from './attributes.js'
import { contextFromMeta, metaSetter } from './meta-carrier.js'
import { durationHistograms, resolve, type TracingOptions } from './options.js'

export interface ClientTracingOptions extends TracingOptions {
  /** The server's URL: gives `server.address`, `server.port`, `network.protocol.name` and `network.transport`. */
  serverUrl?: string | URL | undefined
}

/**
 * Client middleware (`useClientMiddleware(client, clientTracing())`) that makes a CLIENT span for
 * every outbound request by the MCP semantic conventions, child of the active context, injects that span's
 * context into the request's `params._meta` (`traceparent`, `tracestate`, `baggage`), and records
 * `mcp.client.operation.duration`. Its `inbound` part makes a SERVER span for each request the server sends
 * (a legacy session's `elicitation/create`, `sampling/createMessage`, `roots/list`), child of the context in
 * its `params._meta`, around the handler that answers it.
 */
export function clientTracing(options: ClientTracingOptions = {}): ClientMiddleware {
  const { tracer, meter, propagator, capture, uriInName, extra } = resolve(options)
  const network = networkAttributes(options.serverUrl)
  const { operation: duration, session: sessionDuration } = durationHistograms(meter, 'client')
  // The conventions name the side by who sends: the requests the server sends are server operations here.
  const answerDuration = durationHistograms(meter, 'server').operation
  const middleware: ClientMiddleware = async (call, next) => {
    const start = performance.now()
    const { name, common, spanOnly } = describe(call.method, call.params, uriInName)
    const metric: Attributes = { ...extra, ...network, ...common }
    if (call.protocolVersion) metric['mcp.protocol.version'] = call.protocolVersion
    const span = tracer.startSpan(name, {
      kind: SpanKind.CLIENT,
      attributes: { ...metric, ...spanOnly, 'jsonrpc.request.id': String(call.id) },
    })
    recordArguments(span, call.method, call.params, capture)
    const ctx = trace.setSpan(context.active(), span)
    propagator.inject(ctx, call.params._meta, metaSetter)
    try {
      const result = await context.with(ctx, next)
      if (call.method === 'initialize' && typeof result.protocolVersion === 'string') {
        metric['mcp.protocol.version'] = result.protocolVersion
        // A legacy session lasts from its initialize until the client's connection ends.
        const session: Attributes = { ...extra, ...network, 'mcp.protocol.version': result.protocolVersion }
        void call.closed.then(() => sessionDuration.record((performance.now() - start) / 1000, session))
      }
      recordResult(span, metric, call.method, result, capture)
      return result
    } catch (e) {
      // A subscription ends when its caller closes it (`close()` cancels the request): not a failure.
      if (call.method === 'subscriptions/listen' && (e as { kind?: unknown } | null)?.kind === 'aborted')
        span.setAttributes(metric)
      else recordFailure(span, metric, e)
      throw e
    } finally {
      // The session's id is known once initialize is answered (a span attribute only: high cardinality).
      const sessionId = call.sessionId
      if (sessionId !== undefined) span.setAttribute('mcp.session.id', sessionId)
      span.end()
      duration.record((performance.now() - start) / 1000, metric)
    }
  }
  // A request the server sent (a legacy session's elicitation/create, sampling/createMessage, roots/list): the
  // conventions' SERVER span, "reported by the MCP client when server initiates the operation", child of the
  // context the server put in its `_meta`. Its handler runs with the span active.
  const inbound: ClientInboundMiddleware = async (call, next) => {
    const start = performance.now()
    const active = context.active()
    const parent = contextFromMeta(propagator, active, call.params._meta)
    const { name, common, spanOnly } = describe(call.method, call.params, uriInName)
    const metric: Attributes = { ...extra, ...common }
    if (call.protocolVersion) metric['mcp.protocol.version'] = call.protocolVersion
    const attributes: Attributes = { ...metric, ...spanOnly, 'jsonrpc.request.id': String(call.id) }
    if (call.sessionId !== undefined) attributes['mcp.session.id'] = call.sessionId
    const span = tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, parent)
    try {
      const result = await context.with(trace.setSpan(parent, span), next)
      span.setAttributes(metric)
      return result
    } catch (e) {
      recordFailure(span, metric, e)
      throw e
    } finally {
      span.end()
      answerDuration.record((performance.now() - start) / 1000, metric)
    }
  }
  return Object.assign(middleware, { inbound })
}

function networkAttributes(url: string | URL | undefined): Attributes {
  if (url === undefined) return {}
  const u = new URL(url)
  const port = u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80
  return {
    'server.address': u.hostname,
    'server.port': port,
    'network.protocol.name': 'http',
    'network.transport': 'tcp',
  }
}
