import { describe, expect, it } from 'vitest'
import { resolveFleetOptions } from './options.js'

describe('resolveFleetOptions', () => {
  it('fills in the documented defaults; streams live as long as sessions unless told otherwise', () => {
    expect(resolveFleetOptions({})).toEqual({
      prefix: 'mcp:',
      sessionTtlMs: 1_800_000,
      maxEventsPerStream: 1000,
      maxStreamBytes: 1024 * 1024,
      maxStreamsPerSession: 8,
      maxSessionsPerClient: 1000,
      trustedProxies: [],
      streamTtlMs: 1_800_000,
      serverRequestTtlMs: 600_000,
      commandTimeoutMs: 2000,
      retryAfterSeconds: 1,
      appendRetryMs: 10_000,
      heartbeatMs: 1000,
      maxLocalSessions: 10_000,
    })
    expect(resolveFleetOptions({ sessionTtlMs: 5000 }).streamTtlMs).toBe(5000)
    expect(resolveFleetOptions({ sessionTtlMs: undefined }).sessionTtlMs).toBe(1_800_000)
  })

  it('refuses values that would make no sense (0, negative, NaN)', () => {
    expect(() => resolveFleetOptions({ heartbeatMs: 0 })).toThrow(/heartbeatMs must be a positive number/)
    expect(() => resolveFleetOptions({ sessionTtlMs: -1 })).toThrow(RangeError)
    expect(() => resolveFleetOptions({ maxEventsPerStream: Number.NaN })).toThrow(RangeError)
  })
})
