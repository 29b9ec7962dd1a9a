import type { Attributes, MeterProvider, TextMapPropagator, TracerProvider } from '@opentelemetry/api'
import { metrics, propagation, trace } from '@opentelemetry/api'

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
