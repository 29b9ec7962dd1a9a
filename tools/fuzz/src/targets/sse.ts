import {
  type AutoHandlerOptions,
  createAutoHandler,
  createSseHandler,
  type SseHandlerOptions,
} from '@edgemcp/sse'
import type { FuzzCase } from '../arbitraries/case.js'
import { BATCH_REVISION, LATEST_LEGACY, makeFuzzServer } from '../server.js'
import { renderContext, sendCase } from './send-case.js'
import { SseSession } from './sse-client.js'
import { ADD, type SumTool } from './streamable-client.js'
import { FUZZ_MAX_BODY, streamableVictims } from './streamable.js'
import type { Send, Target } from './target.js'

const SSE_VERSION = '2024-11-05'

/**
 * Victim HTTP+SSE sessions (2024-11-05 and 2025-03-26, where batches are allowed) and a hidden probe
 * session, each with its stream drained and validated; a session whose stream ended is opened again.
 */
export async function sseVictims(send: Send, ssePath: string, tool: SumTool = ADD) {
  const open = (version: string) => SseSession.open(send, ssePath, version)
  const sessions = {
    legacy: await open(SSE_VERSION),
    batch: await open(BATCH_REVISION),
    probe: await open(LATEST_LEGACY),
  }
  const versions = { legacy: SSE_VERSION, batch: BATCH_REVISION, probe: LATEST_LEGACY }
  return {
    sessions,
    ids: () => ({
      legacy: { id: sessions.legacy.id, version: SSE_VERSION },
      batch: { id: sessions.batch.id, version: BATCH_REVISION },
    }),
    async refresh() {
      for (const key of ['legacy', 'batch', 'probe'] as const)
        if (sessions[key].ended) sessions[key] = await open(versions[key])
    },
    /** Problems seen on the victim streams since the last call. */
    streamProblems: () => Object.values(sessions).flatMap((s) => s.takeProblems()),
    probe: () => sessions.probe.probe(`SSE probe ${ssePath}`, tool),
    close() {
      for (const s of Object.values(sessions)) s.close()
    },
  }
}

/** `createSseHandler` in-process: routes 0–3 and 5 go to /messages, 4 to /sse. */
export async function sseTarget(name: string, options: SseHandlerOptions = {}): Promise<Target> {
  const server = makeFuzzServer()
  const app = createSseHandler(server, { maxBodyBytes: FUZZ_MAX_BODY, keepAliveMs: 0, ...options })
  const send: Send = async (path, init) => app.request(`http://localhost${path}`, init)
  const v = await sseVictims(send, '/sse')
  return {
    name,
    async send(c: FuzzCase) {
      await v.refresh()
      const path = c.route === 4 ? '/sse' : '/messages'
      const r = await sendCase(send, path, c, renderContext(v.ids(), options.maxBodyBytes ?? FUZZ_MAX_BODY), {
        sessionInQuery: true,
      })
      r.problems.push(...v.streamProblems())
      return r
    },
    probe: v.probe,
    async close() {
      v.close()
      app.closeAll()
      server.close()
    },
  }
}

/**
 * `createAutoHandler` in-process, one path for both transports: routes 0–2 are Streamable HTTP (session in
 * the header), 3–4 legacy SSE messages (`?sessionId=`), 5 the same with the session in the header.
 */
export async function autoTarget(name: string, options: AutoHandlerOptions = {}): Promise<Target> {
  const server = makeFuzzServer()
  const app = createAutoHandler(server, { maxBodyBytes: FUZZ_MAX_BODY, keepAliveMs: 0, ...options })
  const send: Send = async (path, init) => app.request(`http://localhost${path}`, init)
  const streamable = await streamableVictims(send, '/')
  const sse = await sseVictims(send, '/')
  const has = async (id: string) => (await app.streamable.sessions.get(id)) !== undefined
  return {
    name,
    async send(c: FuzzCase) {
      await streamable.refresh(has)
      await sse.refresh()
      const legacySse = c.route === 3 || c.route === 4
      const ctx = renderContext(
        legacySse ? sse.ids() : streamable.victims,
        options.maxBodyBytes ?? FUZZ_MAX_BODY,
      )
      const r = await sendCase(send, '/', c, ctx, { sessionInQuery: legacySse })
      r.problems.push(...sse.streamProblems())
      return r
    },
    probe: async () => [...(await streamable.probe()), ...(await sse.probe())],
    async close() {
      sse.close()
      app.closeAllSse()
      server.close()
    },
  }
}
