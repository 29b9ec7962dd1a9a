/** Something that sends a keep-alive comment when told to. */
export interface KeepAliveTarget {
  tick(): void
}

interface Ticker {
  readonly targets: Set<KeepAliveTarget>
  readonly timer: ReturnType<typeof setInterval>
}

const tickers = new Map<number, Ticker>()

/**
 * Keep-alive ticks shared by every target with the same period: one interval per period instead of one per
 * stream (a timer per idle stream costs about 200 bytes). A target's first tick comes within one period of
 * joining, then one per period. Only for connections that live in one process and one request context (Node):
 * on Workers a timer must belong to the request whose stream it writes to.
 */
export const sharedKeepAlive = {
  join(periodMs: number, target: KeepAliveTarget): void {
    let ticker = tickers.get(periodMs)
    if (ticker === undefined) {
      const targets = new Set<KeepAliveTarget>()
      const timer = setInterval(() => {
        for (const t of targets) t.tick()
      }, periodMs)
      ticker = { targets, timer }
      tickers.set(periodMs, ticker)
    }
    ticker.targets.add(target)
  },

  leave(periodMs: number, target: KeepAliveTarget): void {
    const ticker = tickers.get(periodMs)
    if (ticker === undefined || !ticker.targets.delete(target) || ticker.targets.size > 0) return
    clearInterval(ticker.timer)
    tickers.delete(periodMs)
  },

  /** Targets currently ticking with this period (tests). */
  size(periodMs: number): number {
    return tickers.get(periodMs)?.targets.size ?? 0
  },
}
