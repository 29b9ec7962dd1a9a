import type { InboundCall, ServerMiddleware, ServerOutboundMiddleware } from '@edgemcp/core/middleware'
import { type Attributes, context, type Link, SpanKind, trace } from '@opentelemetry/api'
import { describe, recordArguments, recordFailure, recordResult } from './attributes.js'
import { contextFromMeta, metaSetter } from './meta-carrier.js'
import { durationHistograms, resolve, type TracingOptions } from './options.js'

export type ServerTracingOptions = TracingOptions

/**
 * Middleware (`useMiddleware(server, serverTracing())`) that makes a SERVER span for every inbound request and
 * notification by the MCP semantic conventions, parented on the trace context in `params._meta` and linked to
 * the span active when the message arrived (the HTTP server span), and records
 * `mcp.server.operation.duration`. The handler runs with the span active. Its `outbound` part makes a CLIENT
 * span for each request a legacy handler sends its client (`ctx.elicit`, `ctx.sample`, `ctx.listRoots`),
 * child of the handler's span, with its context in the request's `params._meta`.
 */
export function serverTracing(options: ServerTracingOptions = {}): ServerMiddleware {
  const { tracer, meter, propagator, capture, uriInName, extra } = resolve(options)
  const { operation: duration, session: sessionDuration } = durationHistograms(meter, 'server')
  // The conventions name the side by who sends: the server's requests to its client are client operations.
  const askDuration = durationHistograms(meter, 'client').operation
  const middleware: ServerMiddleware = async (call, next) => {
    const start = performance.now()
    const active = context.active()
    const parent = contextFromMeta(propagator, active, call.params._meta)
    const ambient = trace.getSpanContext(active)
    const remote = trace.getSpanContext(parent)
    // The conventions: the context in _meta is the parent; the ambient (transport) span is a link.
    const links: Link[] = remote !== ambient && ambient ? [{ context: ambient }] : []
    const { name, common, spanOnly } = describe(call.method, call.params, uriInName)
    const metric: Attributes = { ...extra, ...common }
    const version = protocolVersion(call)
    if (version !== undefined) metric['mcp.protocol.version'] = version
    const span = tracer.startSpan(
      name,
      { kind: SpanKind.SERVER, attributes: { ...metric, ...spanOnly, ...callAttributes(call) } },
      parent,
    )
    // Added once started rather than in the start options: @microlabs/otel-cf-workers' tracer (1.0.0-rc.52)
    // drops the options' links, and on Workers this link is what ties the span to the Durable Object's fetch.
    if (links.length > 0) span.addLinks(links)
    recordArguments(span, call.method, call.params, capture)
    try {
      const result = await context.with(trace.setSpan(parent, span), next)
      if (call.method === 'initialize' && typeof result?.protocolVersion === 'string') {
        metric['mcp.protocol.version'] = result.protocolVersion
        // A legacy session lasts from its initialize until it ends on this server.
        const session: Attributes = { ...extra, 'mcp.protocol.version': result.protocolVersion }
        call.onSessionClose?.(() => sessionDuration.record((performance.now() - start) / 1000, session))
      }
      recordResult(span, metric, call.method, result, capture)
      return result
    } catch (e) {
      recordFailure(span, metric, e)
      throw e
    } finally {
      // An initialize opens its session while it runs: its id is known now.
      if (call.method === 'initialize' && call.sessionId !== undefined)
        span.setAttribute('mcp.session.id', call.sessionId)
      span.end()
      duration.record((performance.now() - start) / 1000, metric)
    }
  }
  // A legacy handler's request to its client (ctx.elicit, ctx.sample, ctx.listRoots): the conventions' CLIENT
  // span, "reported by the MCP server when server initiates the operation", child of the handler's span.
  const outbound: ServerOutboundMiddleware = async (call, next) => {
    const start = performance.now()
    const { name, common, spanOnly } = describe(call.method, call.params, uriInName)
    const metric: Attributes = { ...extra, ...common, 'mcp.protocol.version': call.protocolVersion }
    const span = tracer.startSpan(name, {
      kind: SpanKind.CLIENT,
      attributes: { ...metric, ...spanOnly, 'mcp.session.id': call.sessionId },
    })
    const ctx = trace.setSpan(context.active(), span)
    propagator.inject(ctx, call.params._meta, metaSetter)
    try {
      const result = await context.with(ctx, next)
      span.setAttributes(metric)
      return result
    } catch (e) {
      recordFailure(span, metric, e)
      throw e
    } finally {
      // The session numbers the request as it sends it.
      if (call.id !== undefined) span.setAttribute('jsonrpc.request.id', String(call.id))
      span.end()
      askDuration.record((performance.now() - start) / 1000, metric)
    }
  }
  return Object.assign(middleware, { outbound })
}

/** The version a message speaks: an initialize names the one it asks for until the server answers. */
function protocolVersion(call: InboundCall): string | undefined {
  if (call.method === 'initialize' && typeof call.params.protocolVersion === 'string')
    return call.params.protocolVersion
  return call.protocolVersion
}

function callAttributes(call: InboundCall): Attributes {
  const a: Attributes = {}
  if (call.id !== undefined && call.id !== null) a['jsonrpc.request.id'] = String(call.id)
  if (call.sessionId !== undefined) a['mcp.session.id'] = call.sessionId
  return a
}
