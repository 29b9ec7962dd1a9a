// The tests' OTLP/HTTP receiver process (otlp-receiver.mjs) and an SDK that exports to it.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics'
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'
import { onTestFinished } from 'vitest'
import { ensureContextManager, w3c } from './memory.js'

type AnyValue = {
  stringValue?: string
  intValue?: string | number
  boolValue?: boolean
  doubleValue?: number
}
type OtlpAttr = { key: string; value: AnyValue }

/** A span as the receiver decoded it, attributes flattened to plain values. */
export interface ReceivedSpan {
  traceId: string
  spanId: string
  parentSpanId: string | undefined
  /** The W3C tracestate the span carries ('' when none). */
  traceState: string
  name: string
  kind: number
  attributes: Record<string, unknown>
  links: { traceId: string; spanId: string }[]
  status: { code?: number; message?: string }
}

export const OTLP_KIND = { SERVER: 2, CLIENT: 3 } as const

const flat = (attrs: OtlpAttr[] = []) =>
  Object.fromEntries(
    attrs.map(({ key, value }) => [
      key,
      value.stringValue ??
        (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue)),
    ]),
  )

/** Starts the receiver process until the test finishes (in a hook: until `stop()`). */
export async function startReceiver({ untilTestEnds = true } = {}) {
  const script = fileURLToPath(new URL('./otlp-receiver.mjs', import.meta.url))
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] })
  const stop = () => {
    child.kill('SIGTERM')
  }
  if (untilTestEnds) onTestFinished(stop)
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`OTLP receiver exited (${code})`)))
    child.stdout.on('data', (d: Buffer) => {
      const m = /listening (\d+)/.exec(d.toString())
      if (m) resolve(Number(m[1]))
    })
  })
  const url = `http://127.0.0.1:${port}`
  const received = async () =>
    (await (await fetch(`${url}/received`)).json()) as { traces: unknown[]; metrics: unknown[] }
  return {
    url,
    stop,
    async spans(): Promise<ReceivedSpan[]> {
      const { traces } = await received()
      return (
        traces as { resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[] }[]
      ).flatMap((t) =>
        t.resourceSpans.flatMap((r) =>
          r.scopeSpans.flatMap((s) =>
            s.spans.map((span) => ({
              traceId: span.traceId as string,
              spanId: span.spanId as string,
              parentSpanId: (span.parentSpanId as string | undefined) || undefined,
              traceState: (span.traceState as string | undefined) ?? '',
              name: span.name as string,
              kind: span.kind as number,
              attributes: flat(span.attributes as OtlpAttr[]),
              links: ((span.links as { traceId: string; spanId: string }[] | undefined) ?? []).map((l) => ({
                traceId: l.traceId,
                spanId: l.spanId,
              })),
              status: (span.status as ReceivedSpan['status']) ?? {},
            })),
          ),
        ),
      )
    },
    /** Histogram data points of `name` from every metrics export. */
    async histogramPoints(name: string) {
      const { metrics } = await received()
      return (
        metrics as { resourceMetrics: { scopeMetrics: { metrics: Record<string, unknown>[] }[] }[] }[]
      ).flatMap((m) =>
        m.resourceMetrics.flatMap((r) =>
          r.scopeMetrics.flatMap((s) =>
            s.metrics
              .filter((x) => x.name === name)
              .flatMap((x) =>
                (
                  x.histogram as {
                    dataPoints: { attributes: OtlpAttr[]; count: string | number; explicitBounds: number[] }[]
                  }
                ).dataPoints.map((p) => ({
                  unit: x.unit,
                  attributes: flat(p.attributes),
                  count: Number(p.count),
                  bounds: p.explicitBounds,
                })),
              ),
          ),
        ),
      )
    },
  }
}

/** Tracer and meter providers exporting OTLP/HTTP JSON to `receiverUrl`. */
export function otlpSdk(receiverUrl: string) {
  ensureContextManager()
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: `${receiverUrl}/v1/traces` }))],
  })
  const reader = new PeriodicExportingMetricReader({
    exporter: new OTLPMetricExporter({ url: `${receiverUrl}/v1/metrics` }),
    exportIntervalMillis: 3_600_000,
  })
  const meterProvider = new MeterProvider({ readers: [reader] })
  onTestFinished(async () => {
    await tracerProvider.shutdown()
    await meterProvider.shutdown()
  })
  return {
    tracerProvider,
    meterProvider,
    propagator: w3c(),
    async flush() {
      await tracerProvider.forceFlush()
      await reader.forceFlush()
    },
  }
}
