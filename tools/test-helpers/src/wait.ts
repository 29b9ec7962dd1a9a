import { vi } from 'vitest'

/**
 * Polls `assertion` (every 20 ms) until it passes, and returns its value. `timeout` is a hang guard, generous
 * by default (30 s): the test's verdict is the assertion, never how fast the machine got there.
 */
export function eventually<T>(
  assertion: () => T | Promise<T>,
  { timeout = 30_000, interval = 20 }: { timeout?: number; interval?: number } = {},
): Promise<T> {
  return vi.waitFor(assertion, { timeout, interval })
}

/**
 * Resolves after `ms`, or rejects with `signal`'s reason once it aborts: a slow tool handler that stops when
 * its call is cancelled (`ctx.signal`).
 */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })
}
