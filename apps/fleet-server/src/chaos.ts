import { type Attempt, ChaosSession, type Failure, type Json } from './chaos-client.js'
import type { RunningFleet } from './launch.js'

/** What a chaos run does: sessions, calls, and the faults injected at fixed points of the run. */
export interface ChaosPlan {
  /** Legacy sessions, opened through the proxy before the calls. Default 200. */
  sessions?: number
  /** Logical tools/calls. Default 20 000. */
  calls?: number
  /** Calls in flight at once. Default 32. */
  concurrency?: number
  /** Seed of the call mix. Default 1. */
  seed?: number
  /** A call with no outcome after this long counts as hung. Default 60 000 ms. */
  hangMs?: number
  /** Called with each fault as it is injected. */
  onFault?: (fault: string) => void
}

/**
 * The faults, by fraction of the calls handed out when they happen: two instances SIGKILLed mid-run and
 * started again, and Redis restarted (SIGTERM, 500 ms down, started again with its append-only file).
 */
const FAULTS: Array<[at: number, name: string, run: (fleet: RunningFleet) => Promise<void>]> = [
  [0.2, 'kill instance 1 (SIGKILL)', (f) => f.instances[0]!.kill()],
  [0.35, 'start instance 1 again', (f) => f.instances[0]!.start()],
  [0.5, 'restart Redis (SIGTERM, 500 ms down)', async (f) => f.redis?.restart({ downMs: 500 })],
  [0.65, 'kill instance 2 (SIGKILL)', (f) => f.instances[1]!.kill()],
  [0.8, 'start instance 2 again', (f) => f.instances[1]!.start()],
]

/** The calls: their tool, arguments and the result text a success must carry. */
const KINDS = {
  progress: {
    name: 'test_tool_with_progress',
    args: {},
    text: 'Progress test completed',
    progress: [0, 50, 100],
  },
  elicitation: {
    name: 'test_elicitation',
    args: { message: 'chaos?' },
    text: 'User response: action=accept, content={"username":"chaos","email":"c@example.com"}',
    progress: [],
  },
  reconnection: { name: 'test_reconnection', args: {}, text: 'Reconnection test completed', progress: [] },
} as const

export interface ChaosReport {
  sessions: number
  calls: number
  attempts: number
  succeeded: number
  /** Calls whose result lacked a message it must carry (a progress notification), or with no outcome. */
  lost: number
  /** Events, progress notifications, elicitations or responses seen twice within a call. */
  duplicated: number
  hung: number
  /** Failures that said nothing useful (must be 0). */
  unclear: number
  /** Failed attempts by what the client saw (each retried). */
  failures: Partial<Record<Failure, number>>
  /** Streams resumed with Last-Event-ID (through the proxy: mostly on another instance). */
  resumptions: number
  elicitations: number
  /** 503 answers (Redis away) the client waited out per `Retry-After` and retried. */
  retried503: number
  faults: string[]
  durationMs: number
  callsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Up to 10 examples of what went wrong, for the log. */
  problems: string[]
}

/** A small seeded PRNG (mulberry32): the same mix of calls for the same seed. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0

/** Failures after which the client sends the call again (the tools are idempotent). */
const RETRIED: ReadonlySet<Failure | undefined> = new Set([
  'instance-stopped',
  'dropped-before-stream',
  'unavailable',
])

/**
 * Runs the plan against a fleet through its proxy: every call's events are checked (nothing lost, nothing
 * twice, nothing hanging, every failure a clear one), while instances are killed and restarted and Redis is
 * restarted at fixed points of the run.
 */
export async function runChaos(fleet: RunningFleet, plan: ChaosPlan = {}): Promise<ChaosReport> {
  const sessionsWanted = plan.sessions ?? 200
  const calls = plan.calls ?? 20_000
  const concurrency = plan.concurrency ?? 32
  const hangMs = plan.hangMs ?? 60_000
  const rand = random(plan.seed ?? 1)
  const report: ChaosReport = {
    sessions: sessionsWanted,
    calls,
    attempts: 0,
    succeeded: 0,
    lost: 0,
    duplicated: 0,
    hung: 0,
    unclear: 0,
    failures: {},
    resumptions: 0,
    elicitations: 0,
    retried503: 0,
    faults: [],
    durationMs: 0,
    callsPerSecond: 0,
    p50Ms: 0,
    p99Ms: 0,
    problems: [],
  }
  const problem = (text: string) => {
    if (report.problems.length < 10) report.problems.push(text)
  }

  const sessions: ChaosSession[] = []
  for (let i = 0; i < sessionsWanted; i += concurrency)
    sessions.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(concurrency, sessionsWanted - i) }, () => ChaosSession.open(fleet.url)),
      )),
    )

  // The mix, fixed by the seed: 60 % progress (a quarter of them dropping the connection early), 20 %
  // elicitation, 20 % reconnection (the server closes the stream; the client resumes).
  const mix = Array.from({ length: calls }, () => {
    const r = rand()
    const kind = r < 0.6 ? 'progress' : r < 0.8 ? 'elicitation' : 'reconnection'
    return { kind, dropEarly: kind === 'progress' && rand() < 0.25 } as const
  })
  const latencies: number[] = []
  const faults: Array<Promise<void>> = []
  let nextFault = 0
  let next = 0
  const started = Date.now()

  const runOne = async (index: number) => {
    const { kind, dropEarly } = mix[index]!
    const expected = KINDS[kind]
    const session = sessions[index % sessions.length]!
    const deadline = Date.now() + hangMs
    let outcome: Attempt | undefined
    for (let attempt = 0; attempt < 5; attempt++) {
      const t0 = performance.now()
      outcome = await session.call(expected.name, expected.args, {
        dropEarly: dropEarly && attempt === 0,
        deadline,
      })
      latencies.push(performance.now() - t0)
      report.attempts++
      report.resumptions += outcome.resumptions
      report.elicitations += outcome.elicitations
      report.retried503 += outcome.retried503
      if (outcome.duplicates.length > 0) {
        report.duplicated++
        problem(`call ${index} (${kind}): seen twice: ${outcome.duplicates.join(', ')}`)
      }
      if (outcome.result || !RETRIED.has(outcome.failure)) break
      report.failures[outcome.failure!] = (report.failures[outcome.failure!] ?? 0) + 1
    }
    if (!outcome?.result) {
      const failure = outcome?.failure ?? 'unclear'
      report.failures[failure] = (report.failures[failure] ?? 0) + 1
      if (failure === 'hung') report.hung++
      else if (!RETRIED.has(failure) && failure !== 'session-gone') report.unclear++
      problem(`call ${index} (${kind}) failed: ${failure} ${outcome?.detail ?? ''}`)
      return
    }
    const text = (outcome.result.content as Json[] | undefined)?.[0]?.text
    const missing = expected.progress.filter((p) => !outcome.progress.includes(p))
    if (text !== expected.text || missing.length > 0) {
      report.lost++
      problem(
        `call ${index} (${kind}): result ${JSON.stringify(text)}, progress missing ${missing.join(',')}`,
      )
    } else report.succeeded++
  }

  const worker = async () => {
    for (;;) {
      const index = next++
      if (index >= calls) return
      const fault = FAULTS[nextFault]
      if (fault && index >= fault[0] * calls) {
        nextFault++
        report.faults.push(fault[1])
        plan.onFault?.(fault[1])
        faults.push(fault[2](fleet))
      }
      await runOne(index)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  await Promise.all(faults)
  report.durationMs = Date.now() - started
  report.callsPerSecond = Math.round((calls / report.durationMs) * 1000)
  latencies.sort((a, b) => a - b)
  report.p50Ms = Math.round(percentile(latencies, 0.5))
  report.p99Ms = Math.round(percentile(latencies, 0.99))
  return report
}
