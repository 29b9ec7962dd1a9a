/**
 * The resumption check against Cloudflare Workers: `wrangler dev` of apps/worker-server (legacy sessions in
 * Durable Objects, stream events in their SQLite), its `long_task` tool streaming progress; connections cut
 * at random and resumed with `Last-Event-ID`, as in resumption.ts. Loopback only; wrangler dev is stopped by
 * its pid (process group) at the end.
 *
 *   node dist/workers-resumption.js [--sessions 10] [--calls 5] [--steps 10] [--cut 0.15] [--app ../../apps/worker-server]
 */
import { startWranglerDev } from '@edgemcp/tools-wrangler-dev'
import { WORKER_APP } from './lib/wrangler.js'
import { printResumption, type ResumptionOptions, runResumption } from './resumption.js'
import { cliNumber, cliString, isMain } from './lib/table.js'

export { WORKER_APP }

/** The worker-server's `long_task`: `steps` progress notifications `delayMs` apart, then "Done: N steps". */
export const LONG_TASK: NonNullable<ResumptionOptions['tool']> = {
  name: 'long_task',
  args: (steps, intervalMs) => ({ steps, delayMs: intervalMs }),
  expectText: (steps) => `Done: ${steps} steps`,
}

export async function runWorkersResumption(appDir: string, o: Omit<ResumptionOptions, 'url' | 'tool'>) {
  const dev = await startWranglerDev({ cwd: appDir, timeoutMs: 90_000 })
  try {
    return await runResumption({ ...o, url: `${dev.url}/mcp`, tool: LONG_TASK })
  } finally {
    await dev.stop()
  }
}

if (isMain(import.meta.url)) {
  const f = await runWorkersResumption(cliString('app', WORKER_APP), {
    sessions: cliNumber('sessions', 10),
    callsPerSession: cliNumber('calls', 5),
    steps: Math.min(20, cliNumber('steps', 10)),
    intervalMs: cliNumber('interval', 5),
    cutProbability: cliNumber('cut', 0.15),
    maxCutsPerCall: cliNumber('max-cuts', 4),
    seed: cliNumber('seed', 1),
  })
  printResumption('Resumption under random cuts on wrangler dev (apps/worker-server, Durable Objects)', f)
  process.exit(f.lost === 0 && f.duplicated === 0 && f.unanswered === 0 && f.wrongAnswers === 0 ? 0 : 1)
}
