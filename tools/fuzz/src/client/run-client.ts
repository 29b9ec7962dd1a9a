import fc from 'fast-check'
import { checkGuards, installGuards, settle } from '../guards.js'
import { checkProperty, type FuzzOptions, type FuzzResult } from '../run.js'
import type { BodyMeter } from './answer-body.js'
import { type ClientKind, runClientCase } from './client-case.js'
import { clientCase } from './hostile-answer.js'
import { SOCKET_SLACK, startHostileServer } from './loopback-server.js'
import { type FetchLike, scriptedFetch } from './scripted-fetch.js'
import { sseScriptedFetch } from './sse-scripted-fetch.js'

/** A client target: which transport, and where the hostile server lives. */
export interface ClientTarget {
  name: string
  kind: ClientKind
  /** Over loopback (a real socket) rather than an in-process fetch. */
  loopback: boolean
}

export const CLIENT_TARGETS: readonly ClientTarget[] = [
  { name: 'client streamable-http', kind: 'streamable-http', loopback: false },
  { name: 'client sse', kind: 'sse', loopback: false },
  { name: 'client loopback streamable', kind: 'streamable-http', loopback: true },
]

/**
 * Hostile servers against a client transport and McpClient: malformed, oversized, endless and lying JSON and
 * SSE answers and headers, to discover, initialize, the tool call, the GET stream or every request. For every
 * case: no crash (guards), no hang, only edgemcp's error families, no body read past the client's limit, no
 * body still read after close. `statuses` counts how cases ended (by outcome), for coverage.
 */
export async function fuzzClient(target: ClientTarget, o: FuzzOptions): Promise<FuzzResult> {
  installGuards()
  checkGuards()
  const started = Date.now()
  const outcomes: Record<string, number> = {}
  const property = fc.asyncProperty(clientCase, async (c) => {
    // Over loopback each case gets its own server (its own port): no pooled connection carries one case's
    // unfinished answer into the next.
    const server = target.loopback ? await startHostileServer() : undefined
    try {
      const fetchFor = (meter: BodyMeter): FetchLike =>
        server
          ? server.play(c, meter)
          : target.kind === 'sse'
            ? sseScriptedFetch(c, meter)
            : scriptedFetch(c, meter)
      const r = await runClientCase(c, target.kind, fetchFor, server ? { slack: SOCKET_SLACK } : undefined)
      outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1
      await settle()
      const problems = [...r.problems, ...checkGuards()]
      if (problems.length > 0) throw new Error(`${target.name}:\n  ${problems.slice(0, 8).join('\n  ')}`)
    } finally {
      await server?.close()
    }
  })
  const result = await checkProperty(property, o, { target: target.name, started, known: {}, statuses: {} })
  return { ...result, outcomes }
}
