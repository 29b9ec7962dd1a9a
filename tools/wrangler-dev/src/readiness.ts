const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The default readiness request: GET `url`. */
export function readinessProbe(url: string, signal: AbortSignal): Promise<Response> {
  return fetch(url, { signal })
}

export interface ReadinessOptions {
  url: string
  probe: (url: string, signal: AbortSignal) => Promise<Response>
  timeoutMs: number
  /** Why the server can no longer come up (it exited), or undefined while it runs. */
  exited: () => string | undefined
  /** Pause between attempts (default 200 ms). */
  intervalMs?: number
}

/**
 * Probes `url` until it answers 200 (each attempt aborted after 2 s). Resolves undefined when ready, else the
 * reason: "exited early (…)" or "did not answer within N s (last status …)".
 */
export async function waitUntilReady(o: ReadinessOptions): Promise<string | undefined> {
  const deadline = Date.now() + o.timeoutMs
  let last = 'none'
  for (;;) {
    const gone = o.exited()
    if (gone !== undefined) return `exited early (${gone})`
    const signal = AbortSignal.timeout(2_000)
    try {
      const res = await o.probe(o.url, signal)
      await res.body?.cancel()
      if (res.status === 200) return undefined
      last = String(res.status)
    } catch (e) {
      last = e instanceof Error ? e.message : String(e)
    }
    if (Date.now() > deadline) return `did not answer within ${o.timeoutMs / 1000} s (last status ${last})`
    await sleep(o.intervalMs ?? 200)
  }
}
