import type { Context, TextMapGetter, TextMapPropagator, TextMapSetter } from '@opentelemetry/api'

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

/**
 * The context a received request's `params._meta` carries (SEP-414), on top of `active`; `active` itself when
 * `_meta` is not an object.
 */
export function contextFromMeta(propagator: TextMapPropagator, active: Context, meta: unknown): Context {
  return typeof meta === 'object' && meta !== null && !Array.isArray(meta)
    ? propagator.extract(active, meta as Meta, metaGetter)
    : active
}
