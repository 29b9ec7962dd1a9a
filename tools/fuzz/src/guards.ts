/**
 * Process-wide tripwires: unhandled rejections, uncaught exceptions and prototype pollution. `install()` once;
 * `check()` after each case lists what fired since the last check.
 */
const fired: string[] = []
let total = 0
let installed = false
let baseline: string[] = []

export function installGuards(): void {
  if (installed) return
  installed = true
  baseline = Object.getOwnPropertyNames(Object.prototype).sort()
  process.on('unhandledRejection', onRejection)
  process.on('uncaughtException', onException)
}

function onRejection(reason: unknown): void {
  total++
  fired.push(`unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}`)
}

function onException(error: Error): void {
  total++
  fired.push(`uncaught exception: ${error.stack ?? String(error)}`)
}

/**
 * Runs `fn` with only the guards listening for unhandled rejections (for the harness's own tests, which
 * provoke one on purpose and must not have the test runner report it).
 */
export async function withOnlyGuards<T>(fn: () => Promise<T>): Promise<T> {
  installGuards()
  const others = process.listeners('unhandledRejection').filter((l) => l !== onRejection)
  for (const l of others) process.off('unhandledRejection', l)
  try {
    return await fn()
  } finally {
    for (const l of others) process.on('unhandledRejection', l)
  }
}

/** Lets pending 'unhandledRejection' events fire (Node emits them after the microtask queue drains). */
export const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

export function checkGuards(): string[] {
  const out = fired.splice(0)
  const now = Object.getOwnPropertyNames(Object.prototype).sort()
  if (now.join() !== baseline.join())
    out.push(`Object.prototype changed: ${now.filter((k) => !baseline.includes(k))}`)
  const probe = {} as Record<string, unknown>
  if (probe.polluted !== undefined) out.push('Object.prototype.polluted is set')
  return out
}

/** How many unhandled rejections and uncaught exceptions fired in this process since `installGuards()`. */
export const guardCount = (): number => total
