import type { TextMapGetter, TextMapSetter } from '@opentelemetry/api'

type Meta = Record<string, unknown>

/** Reads `traceparent`, `tracestate` and `baggage` (unprefixed, SEP-414) from a request's `params._meta`. */
export const metaGetter: TextMapGetter<Meta> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key]
    return typeof value === 'string' ? value : undefined
  },
}

/** Writes the trace context into a request's `params._meta`. */
export const metaSetter: TextMapSetter<Meta> = {
  set: (carrier, key, value) => {
    carrier[key] = value
  },
}
