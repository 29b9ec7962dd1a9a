import { createAutoHandler } from '@edgemcp/sse'
import { createMcpHandler } from '@edgemcp/streamable-http'
import { serve } from '@edgemcp/streamable-http/node'
import type { FuzzCase } from '../arbitraries/case.js'
import { makeFuzzServer } from '../server.js'
import { renderContext, sendCase } from './send-case.js'
import { sseVictims } from './sse.js'
import { streamableVictims } from './streamable.js'
import type { Send, Target } from './target.js'

/** Headers fetch refuses to send (they are covered by the raw-socket cases instead). */
export const FETCH_FORBIDDEN = [
  'content-length',
  'transfer-encoding',
  'expect',
  'keep-alive',
  'upgrade',
  'connection',
]

export interface LoopbackTarget extends Target {
  url: string
}

/**
 * A transport on real loopback HTTP (`serve` from @edgemcp/streamable-http/node), default options (4 MiB
 * body limit): `streamable` is `createMcpHandler`, `auto` is `createAutoHandler` (both transports, one path).
 */
export async function loopbackTarget(kind: 'streamable' | 'auto'): Promise<LoopbackTarget> {
  const server = makeFuzzServer()
  const auto = kind === 'auto' ? createAutoHandler(server, { keepAliveMs: 0 }) : undefined
  const mcp = auto?.streamable ?? createMcpHandler(server, { keepAliveMs: 0 })
  const running = await serve(auto ?? mcp)
  const send: Send = (path, init) => fetch(`${running.url}${path}`, init)
  const streamable = await streamableVictims(send, '/')
  const sse = auto ? await sseVictims(send, '/') : undefined
  const has = async (id: string) => (await mcp.sessions.get(id)) !== undefined
  const maxBody = 4 * 1024 * 1024
  return {
    name: `loopback ${kind}`,
    url: running.url,
    async send(c: FuzzCase) {
      await streamable.refresh(has)
      await sse?.refresh()
      const legacySse = sse !== undefined && (c.route === 3 || c.route === 4)
      const ctx = renderContext(legacySse && sse ? sse.ids() : streamable.victims, maxBody)
      const r = await sendCase(send, '/', c, ctx, {
        sessionInQuery: legacySse,
        dropHeaders: FETCH_FORBIDDEN,
        wireSafe: true,
      })
      if (sse) r.problems.push(...sse.streamProblems())
      return r
    },
    probe: async () => [...(await streamable.probe()), ...((await sse?.probe()) ?? [])],
    async close() {
      sse?.close()
      auto?.closeAllSse()
      server.close()
      await running.close()
    },
  }
}
