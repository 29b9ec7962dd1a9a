import type {
  Attributes,
  Histogram,
  Meter,
  MeterProvider,
  TextMapPropagator,
  TracerProvider,
} from '@opentelemetry/api'
import { metrics, propagation, trace } from '@opentelemetry/api'
import { MCP_DURATION_BUCKETS } from './attributes.js'

/** What `serverTracing` and `clientTracing` share. */
export interface TracingOptions {
  /** Where spans go. Default: the global tracer provider (`trace.setGlobalTracerProvider`, an SDK's `start()`). */
  tracerProvider?: TracerProvider | undefined
  /** Where the duration histograms go. Default: the global meter provider. */
  meterProvider?: MeterProvider | undefined
  /** How the context is read from and written to `params._meta`. Default: the global propagator. */
  propagator?: TextMapPropagator | undefined
  /**
   * Record `gen_ai.tool.call.arguments` and `gen_ai.tool.call.result` (JSON) on tools/call spans. Opt-in:
   * they may hold sensitive data. Default false.
   */
  captureToolPayloads?: boolean | undefined
  /** Use the resource URI as the span name's target (high cardinality: opt-in). Default false. */
  resourceUriInSpanName?: boolean | undefined
  /**
   * Attributes added to every span and measurement, e.g. `{ 'network.transport': 'tcp',
   * 'network.protocol.name': 'http' }`.
   */
  attributes?: Attributes | undefined
}

export const SCOPE_NAME = '@edgemcp/otel'
export const SCOPE_VERSION = '0.1.0'

export function resolve(options: TracingOptions) {
  return {
    tracer: (options.tracerProvider ?? trace.getTracerProvider()).getTracer(SCOPE_NAME, SCOPE_VERSION),
    meter: (options.meterProvider ?? metrics.getMeterProvider()).getMeter(SCOPE_NAME, SCOPE_VERSION),
    propagator: options.propagator ?? propagation,
    capture: options.captureToolPayloads === true,
    uriInName: options.resourceUriInSpanName === true,
    extra: options.attributes ?? {},
  }
}

/** The semantic conventions' descriptions of the duration histograms, per side (exact text: they are checked). */
const DESCRIPTIONS = {
  client: {
    operation:
      'The duration of the MCP request or notification as observed on the sender from the time it was sent until the response or ack is received.',
    session: 'The duration of the MCP session as observed on the MCP client.',
  },
  server: {
    operation:
      'MCP request or notification duration as observed on the receiver from the time it was received until the result or ack is sent.',
    session: 'The duration of the MCP session as observed on the MCP server.',
  },
} as const

/** `mcp.{side}.operation.duration` and `mcp.{side}.session.duration`, with the conventions' buckets. */
export function durationHistograms(
  meter: Meter,
  side: 'client' | 'server',
): { operation: Histogram; session: Histogram } {
  const histogram = (kind: 'operation' | 'session') =>
    meter.createHistogram(`mcp.${side}.${kind}.duration`, {
      unit: 's',
      description: DESCRIPTIONS[side][kind],
      advice: { explicitBucketBoundaries: [...MCP_DURATION_BUCKETS] },
    })
  return { operation: histogram('operation'), session: histogram('session') }
}
