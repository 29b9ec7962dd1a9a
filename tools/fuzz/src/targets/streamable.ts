import { type McpHandlerOptions, createMcpHandler } from '@edgemcp/streamable-http'
import type { FuzzCase } from '../arbitraries/case.js'
import { BATCH_REVISION, LATEST_LEGACY, makeFuzzServer } from '../server.js'
import { renderContext, sendCase } from './send-case.js'
import { ADD, initSession, probeLegacy, probeModern, type SumTool } from './streamable-client.js'
import type { Send, Target } from './target.js'

export const FUZZ_MAX_BODY = 64 * 1024

type Victims = Record<'legacy' | 'batch' | 'probe', { id: string; version: string }>

/**
 * Keeps the victim sessions of a Streamable HTTP endpoint alive: a hostile DELETE may end one, so a session
 * the store no longer has is opened again before the next case. The probe session is never named by a case.
 */
export async function streamableVictims(send: Send, path: string, tool: SumTool = ADD) {
  const open = async (version: string) => ({ id: await initSession(send, path, version), version })
  const victims: Victims = {
    legacy: await open(LATEST_LEGACY),
    batch: await open(BATCH_REVISION),
    probe: await open(LATEST_LEGACY),
  }
  return {
    victims,
    /** Re-opens victims whose session is gone (`has` asks the store). */
    async refresh(has: (id: string, version: string) => Promise<boolean>) {
      for (const key of ['legacy', 'batch', 'probe'] as const)
        if (!(await has(victims[key].id, victims[key].version)))
          victims[key] = await open(victims[key].version)
    },
    probe: async () => [
      ...(await probeModern(send, path, tool)),
      ...(await probeLegacy(send, path, victims.probe.id, victims.probe.version, tool)),
    ],
  }
}

/** `createMcpHandler` in-process through `app.request()`. */
export async function streamableTarget(name: string, options: McpHandlerOptions = {}): Promise<Target> {
  const server = makeFuzzServer()
  const mcp = createMcpHandler(server, { maxBodyBytes: FUZZ_MAX_BODY, keepAliveMs: 0, ...options })
  const send: Send = async (path, init) => mcp.request(`http://localhost${path}`, init)
  const v = await streamableVictims(send, '/')
  const has = async (id: string) => (await mcp.sessions.get(id)) !== undefined
  return {
    name,
    async send(c: FuzzCase) {
      await v.refresh(has)
      return sendCase(send, '/', c, renderContext(v.victims, options.maxBodyBytes ?? FUZZ_MAX_BODY))
    },
    probe: v.probe,
    async close() {
      server.close()
    },
  }
}
