/**
 * Chaos: legacy Streamable HTTP SSE streams cut at random under load, resumed with `Last-Event-ID`.
 * Many sessions call `ticker` at once (each answer is an SSE stream of `steps` progress notifications and the
 * response); the client aborts the connection at random points, waits a little, and resumes with a GET
 * carrying the last event id it saw, possibly several times per call. Every progress notification and the
 * response must arrive exactly once: lost = expected − distinct received, duplicated = received − distinct.
 *
 *   node dist/resumption.js [--sessions 100] [--calls 20] [--steps 20] [--cut 0.08] [--seed 1] [--url URL]
 */
import { type Json, LegacySession, pool, resultText } from './lib/client.js'
import { seededRandom } from './lib/random.js'
import { startChildServer } from './lib/child.js'
import { sseEvents } from './lib/sse.js'
import { cliNumber, cliString, isMain, printTable } from './lib/table.js'

export interface ResumptionOptions {
  /** The MCP endpoint (a Node server, or `wrangler dev`). */
  url: string
  sessions: number
  callsPerSession: number
  steps: number
  intervalMs: number
  /** Chance of cutting the connection after each event. */
  cutProbability: number
  maxCutsPerCall: number
  seed: number
  /** The tool to call and its arguments (default: `ticker` of the load server). */
  tool?: {
    name: string
    args: (steps: number, intervalMs: number) => Json
    expectText?: (steps: number) => string
  }
}

export interface ResumptionFigures {
  sessions: number
  calls: number
  expected: number
  received: number
  lost: number
  duplicated: number
  cuts: number
  resumes: number
  /** Resumptions the server refused (status ≠ 200). */
  refused: number
  /** Calls whose response never came. */
  unanswered: number
  wrongAnswers: number
  ms: number
}

interface CallTally {
  progress: Map<number, number>
  responses: Json[]
  cuts: number
  resumes: number
  refused: number
}

async function oneCall(
  session: LegacySession,
  id: number,
  o: ResumptionOptions,
  random: () => number,
): Promise<CallTally> {
  const tally: CallTally = { progress: new Map(), responses: [], cuts: 0, resumes: 0, refused: 0 }
  const tool = o.tool ?? {
    name: 'ticker',
    args: (steps: number, intervalMs: number) => ({ steps, intervalMs }),
  }
  const message = {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name: tool.name,
      arguments: tool.args(o.steps, o.intervalMs),
      _meta: { progressToken: `p${id}` },
    },
  }
  let abort = new AbortController()
  let res = await session.post(message, abort.signal)
  let lastEventId: string | undefined
  for (;;) {
    let cut = false
    if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      // Answered as JSON (nothing streamed): nothing to cut.
      const text = await res.text()
      if (text) tally.responses.push(JSON.parse(text))
      return tally
    }
    for await (const e of sseEvents(res.body as ReadableStream<Uint8Array>)) {
      if (e.id !== undefined) lastEventId = e.id
      if (e.data) {
        const m = JSON.parse(e.data) as Json
        if (m.method === 'notifications/progress') {
          const p = Number(m.params?.progress)
          tally.progress.set(p, (tally.progress.get(p) ?? 0) + 1)
        } else if (m.id === id) tally.responses.push(m)
      }
      if (tally.responses.length > 0) break
      if (lastEventId !== undefined && tally.cuts < o.maxCutsPerCall && random() < o.cutProbability) {
        cut = true
        break
      }
    }
    const stuck = tally.resumes > o.maxCutsPerCall + 20 // a server that keeps ending streams early
    if (tally.responses.length > 0 || (!cut && lastEventId === undefined) || stuck) {
      abort.abort()
      return tally
    }
    // Cut (or the server closed the connection early): drop it, wait, resume from the last event seen.
    abort.abort()
    if (cut) tally.cuts++
    await new Promise((r) => setTimeout(r, Math.floor(random() * 10)))
    abort = new AbortController()
    res = await session.resume(lastEventId as string, abort.signal)
    tally.resumes++
    if (res.status !== 200) {
      tally.refused++
      await res.body?.cancel()
      return tally
    }
  }
}

export async function runResumption(o: ResumptionOptions): Promise<ResumptionFigures> {
  const started = Date.now()
  const figures: ResumptionFigures = {
    sessions: o.sessions,
    calls: 0,
    expected: 0,
    received: 0,
    lost: 0,
    duplicated: 0,
    cuts: 0,
    resumes: 0,
    refused: 0,
    unanswered: 0,
    wrongAnswers: 0,
    ms: 0,
  }
  const expectText = o.tool?.expectText ?? ((steps: number) => `ticked ${steps}`)
  await pool(o.sessions, o.sessions, async (s) => {
    const random = seededRandom(o.seed * 7919 + s)
    const session = await new LegacySession(o.url).initialize()
    for (let c = 1; c <= o.callsPerSession; c++) {
      const t = await oneCall(session, c, o, random)
      figures.calls++
      figures.expected += o.steps + 1
      const distinct = t.progress.size + Math.min(1, t.responses.length)
      const total = [...t.progress.values()].reduce((a, b) => a + b, 0) + t.responses.length
      figures.received += total
      figures.lost += o.steps + 1 - distinct
      figures.duplicated += total - distinct
      figures.cuts += t.cuts
      figures.resumes += t.resumes
      figures.refused += t.refused
      if (t.responses.length === 0) figures.unanswered++
      else if (resultText(t.responses[0]) !== expectText(o.steps)) figures.wrongAnswers++
    }
    await session.close()
  })
  figures.ms = Date.now() - started
  return figures
}

export function printResumption(title: string, f: ResumptionFigures): void {
  printTable(title, [
    ['sessions (concurrent)', f.sessions],
    ['tool calls', f.calls],
    ['connections cut', f.cuts],
    ['resumptions (Last-Event-ID)', f.resumes],
    ['resumptions refused', f.refused],
    ['messages expected', f.expected],
    ['messages received', f.received],
    ['lost', f.lost],
    ['duplicated', f.duplicated],
    ['unanswered calls', f.unanswered],
    ['wrong answers', f.wrongAnswers],
    ['time', `${(f.ms / 1000).toFixed(1)} s`],
  ])
}

if (isMain(import.meta.url)) {
  const external = cliString('url', '')
  const server = external ? undefined : await startChildServer('edgemcp', { keepAliveMs: 0 })
  const f = await runResumption({
    url: external || (server?.url as string),
    sessions: cliNumber('sessions', 100),
    callsPerSession: cliNumber('calls', 20),
    steps: cliNumber('steps', 20),
    intervalMs: cliNumber('interval', 2),
    cutProbability: cliNumber('cut', 0.08),
    maxCutsPerCall: cliNumber('max-cuts', 5),
    seed: cliNumber('seed', 1),
  })
  await server?.close()
  printResumption('Resumption under random cuts (legacy Streamable HTTP SSE, Last-Event-ID)', f)
  process.exit(f.lost === 0 && f.duplicated === 0 && f.unanswered === 0 && f.wrongAnswers === 0 ? 0 : 1)
}
