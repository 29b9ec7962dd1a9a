import fc from 'fast-check'
import { type FuzzCase, fuzzCase } from './arbitraries/case.js'
import { checkGuards, installGuards, settle } from './guards.js'
import { triage } from './known-bugs.js'
import type { LoopbackTarget } from './targets/loopback.js'
import { rawBytes, rawCase, sendRaw } from './targets/raw.js'
import type { Target } from './targets/target.js'

const short = (p: string) => (p.length > 400 ? `${p.slice(0, 400)}… (${p.length} chars)` : p)

export interface FuzzResult {
  target: string
  /** Cases run (up to and including the first failure). */
  runs: number
  failed: boolean
  /** fast-check's report: seed, path and the shrunk counterexample. */
  report: string | undefined
  ms: number
  /** How often each known (reported, unfixed) bug showed up. */
  known: Record<string, number>
  /** Reply statuses seen (coverage: not every case should end as a 400). */
  statuses: Record<number, number>
  /** Client targets: how the cases ended ('ok' or the error's name), for coverage. */
  outcomes?: Record<string, number>
}

export interface FuzzOptions {
  seed: number
  numRuns: number
  /** Shrink a failure to a minimal counterexample (default true; false reports the first failing case). */
  shrink?: boolean
  /** Only cases matching this (e.g. POST only for loopback). */
  filter?: (c: FuzzCase) => boolean
}

/**
 * Runs the property on one target: for every generated case, the reply keeps the reply invariants, no
 * guard fired (unhandled rejection, uncaught exception, prototype pollution), and a well-formed request right
 * after still succeeds.
 */
export async function fuzzTarget(target: Target, o: FuzzOptions): Promise<FuzzResult> {
  installGuards()
  checkGuards()
  const started = Date.now()
  const arbitrary = o.filter ? fuzzCase.filter(o.filter) : fuzzCase
  const known: Record<string, number> = {}
  const statuses: Record<number, number> = {}
  const property = fc.asyncProperty(arbitrary, async (c) => {
    const problems: string[] = []
    let head = ''
    try {
      const sent = await target.send(c)
      statuses[sent.reply.status] = (statuses[sent.reply.status] ?? 0) + 1
      problems.push(...sent.problems)
      head = sent.head
    } catch (e) {
      problems.push(`sending the case threw: ${String(e)}`)
    }
    try {
      problems.push(...(await target.probe()))
    } catch (e) {
      problems.push(`the probe after the case threw: ${String(e)}`)
    }
    await settle()
    const t = triage([...problems, ...checkGuards()], { target: target.name, head, case: c })
    for (const id of new Set(t.known)) known[id] = (known[id] ?? 0) + 1
    if (t.fresh.length > 0)
      throw new Error(`${target.name}:\n  ${t.fresh.slice(0, 8).map(short).join('\n  ')}`)
  })
  return checkProperty(property, o, { target: target.name, started, known, statuses })
}

/** Statuses a raw, malformed HTTP request may get: the transport's, Node's parser's (400, 431), or none. */
const RAW_STATUSES = new Set([0, 200, 202, 400, 404, 405, 406, 413, 415, 431])

/**
 * Raw-socket cases on a loopback server (lying Content-Length, bad chunks, invalid UTF-8 and NUL in headers,
 * truncated bodies): no 5xx, no guard fired, and the server still answers well-formed requests.
 */
export async function fuzzRaw(
  target: LoopbackTarget,
  o: FuzzOptions & { timeoutMs?: number },
): Promise<FuzzResult> {
  installGuards()
  checkGuards()
  const started = Date.now()
  const known: Record<string, number> = {}
  const statuses: Record<number, number> = {}
  const url = new URL(target.url)
  const property = fc.asyncProperty(rawCase, async (c) => {
    const r = await sendRaw(Number(url.port), rawBytes(c, url.host), c.halfClose, o.timeoutMs ?? 150)
    statuses[r.status] = (statuses[r.status] ?? 0) + 1
    const problems = RAW_STATUSES.has(r.status)
      ? []
      : [`raw request got ${r.status}: ${r.text.slice(0, 200)}`]
    const after = await target.probe()
    await settle()
    const t = triage([...problems, ...after, ...checkGuards()])
    for (const id of new Set(t.known)) known[id] = (known[id] ?? 0) + 1
    if (t.fresh.length > 0)
      throw new Error(`${target.name} (raw):\n  ${t.fresh.slice(0, 8).map(short).join('\n  ')}`)
  })
  return checkProperty(property, o, { target: `${target.name} raw`, started, known, statuses })
}

/** Runs a property with the run's options and reports it as a FuzzResult. */
export async function checkProperty(
  property: fc.IAsyncPropertyWithHooks<any> | fc.IAsyncProperty<any>,
  o: FuzzOptions,
  r: Pick<FuzzResult, 'target' | 'known' | 'statuses'> & { started: number },
): Promise<FuzzResult> {
  const details = await fc.check(property, {
    seed: o.seed,
    numRuns: o.numRuns,
    endOnFailure: o.shrink === false,
  })
  return {
    target: r.target,
    runs: details.numRuns,
    failed: details.failed,
    report: details.failed
      ? `${String(details.errorInstance)}\n${fc.defaultReportMessage(details)}`
      : undefined,
    ms: Date.now() - r.started,
    known: r.known,
    statuses: r.statuses,
  }
}
