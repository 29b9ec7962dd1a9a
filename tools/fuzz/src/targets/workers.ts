import type { FuzzCase } from '../arbitraries/case.js'
import { FETCH_FORBIDDEN } from './loopback.js'
import { renderContext, sendCase } from './send-case.js'
import { sseVictims } from './sse.js'
import { sessionAlive, type SumTool } from './streamable-client.js'
import { streamableVictims } from './streamable.js'
import type { Send, Target } from './target.js'

/** apps/worker-server's calculator, as the probes' sum tool. */
export const CALCULATE: SumTool = { name: 'calculate', args: (a, b) => ({ expression: `${a} + ${b}` }) }

/**
 * An @edgemcp/workers server under `wrangler dev` (apps/worker-server): Streamable HTTP of both eras and the
 * legacy HTTP+SSE transport on one path, legacy sessions in Durable Objects. Routes 3–4 are HTTP+SSE
 * messages (`?sessionId=`), the rest Streamable HTTP. The caller starts and stops wrangler.
 */
export async function workersTarget(baseUrl: string, path = '/mcp'): Promise<Target> {
  const send: Send = (p, init) => fetch(`${baseUrl}${p}`, init)
  const streamable = await streamableVictims(send, path, CALCULATE)
  const sse = await sseVictims(send, path, CALCULATE)
  const has = (id: string, version: string) => sessionAlive(send, path, id, version)
  return {
    name: 'workers (wrangler dev)',
    async send(c: FuzzCase) {
      await streamable.refresh(has)
      await sse.refresh()
      const legacySse = c.route === 3 || c.route === 4
      const ctx = renderContext(legacySse ? sse.ids() : streamable.victims, 4 * 1024 * 1024)
      const r = await sendCase(send, path, c, ctx, {
        sessionInQuery: legacySse,
        dropHeaders: FETCH_FORBIDDEN,
        wireSafe: true,
      })
      r.problems.push(...sse.streamProblems())
      return r
    },
    probe: async () => [...(await streamable.probe()), ...(await sse.probe())],
    async close() {
      sse.close()
    },
  }
}
