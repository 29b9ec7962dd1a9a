import type { ClientMiddleware } from '@edgemcp/core/middleware'
import { type Attributes, context, SpanKind, trace } from '@opentelemetry/api'
import { describe, recordArguments, recordFailure, recordResult } from './attributes.js'
import { metaSetter } from './meta-carrier.js'
import { durationHistograms, resolve, type TracingOptions } from './options.js'

export interface ClientTracingOptions extends TracingOptions {
  /** The server's URL: gives `server.address`, `server.port`, `network.protocol.name` and `network.transport`. */
  serverUrl?: string | URL | undefined
}

/**
 * Client middleware (`useClientMiddleware(client, clientTracing())`) that makes a CLIENT span for
 * every outbound request by the MCP semantic conventions, child of the active context, injects that span's
 * context into the request's `params._meta` (`traceparent`, `tracestate`, `baggage`), and records
 * `mcp.client.operation.duration`.
 */
export function clientTracing(options: ClientTracingOptions = {}): ClientMiddleware {
  const { tracer, meter, propagator, capture, uriInName, extra } = resolve(options)
  const network = networkAttributes(options.serverUrl)
  const { operation: duration, session: sessionDuration } = durationHistograms(meter, 'client')
  return async (call, next) => {
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
      recordFailure(span, metric, e)
      throw e
    } finally {
      // The session's id is known once initialize is answered (a span attribute only: high cardinality).
      const sessionId = call.sessionId
      if (sessionId !== undefined) span.setAttribute('mcp.session.id', sessionId)
      span.end()
      duration.record((performance.now() - start) / 1000, metric)
    }
  }
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
