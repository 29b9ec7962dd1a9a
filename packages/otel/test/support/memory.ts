// In-memory OpenTelemetry SDK for the tests: spans and metrics collected on demand, the W3C propagators, and
// an AsyncLocalStorage context manager (what an SDK's start() installs on Node).
import { context } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core'
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type ResourceMetrics,
} from '@opentelemetry/sdk-metrics'
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base'

let contextReady = false

export function ensureContextManager(): void {
  if (contextReady) return
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  contextReady = true
}

export const w3c = () =>
  new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] })

export function memorySdk() {
  ensureContextManager()
  const spans = new InMemorySpanExporter()
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] })
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE)
  const reader = new PeriodicExportingMetricReader({
    exporter: metricExporter,
    exportIntervalMillis: 3_600_000,
  })
  const meterProvider = new MeterProvider({ readers: [reader] })
  return {
    tracerProvider,
    meterProvider,
    propagator: w3c(),
    spans: (): ReadableSpan[] => spans.getFinishedSpans(),
    async metrics(): Promise<ResourceMetrics[]> {
      await reader.forceFlush()
      return metricExporter.getMetrics()
    },
    async shutdown() {
      await tracerProvider.shutdown()
      await meterProvider.shutdown()
    },
  }
}

/** The data points of histogram `name` across what was exported. */
export function histogram(all: ResourceMetrics[], name: string) {
  const last = all.at(-1)
  const metric = last?.scopeMetrics.flatMap((s) => s.metrics).find((m) => m.descriptor.name === name)
  return metric
}
