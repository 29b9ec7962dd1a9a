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
  process.on('unhandledRejection', (reason) => {
    total++
    fired.push(`unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}`)
  })
  process.on('uncaughtException', (error) => {
    total++
    fired.push(`uncaught exception: ${error.stack ?? String(error)}`)
  })
}

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
