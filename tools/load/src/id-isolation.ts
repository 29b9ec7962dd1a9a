/**
 * Id isolation: many clients use the same JSON-RPC ids at the same moment, calling a tool that awaits (so
 * their requests overlap in the server); each must get its own answer, none may hang. Run for stateless
 * 2026-07-28 clients and for legacy sessions.
 *
 *   node dist/id-isolation.js [--clients 20] [--ids 50]
 */
import {
  type Json,
  LegacySession,
  MODERN,
  modernMeta,
  POST_HEADERS,
  answerMessages,
  pool,
  resultText,
} from './lib/client.js'
import { startChildServer } from './lib/child.js'
import { seededRandom } from './lib/random.js'
import { cliNumber, isMain, printTable } from './lib/table.js'

export interface IdIsolationFigures {
  era: 'modern' | 'legacy'
  clients: number
  requests: number
  correct: number
  /** Answered with another client's result (or a wrong id). */
  crossed: number
  /** No answer within the timeout. */
  hung: number
  errors: number
}

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> =>
  Promise.race([p, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms).unref())])

export async function runIdIsolation(
  url: string,
  era: 'modern' | 'legacy',
  clients: number,
  ids: number,
  seed = 1,
  timeoutMs = 10_000,
): Promise<IdIsolationFigures> {
  const f: IdIsolationFigures = {
    era,
    clients,
    requests: clients * ids,
    correct: 0,
    crossed: 0,
    hung: 0,
    errors: 0,
  }
  const sessions =
    era === 'legacy' ? await pool(clients, clients, () => new LegacySession(url).initialize()) : []
  const random = seededRandom(seed)
  const delays = Array.from({ length: clients * ids }, () => 1 + Math.floor(random() * 30))
  // Every client sends id 1, 2, … at once: request `id` of every client is in flight together.
  for (let id = 1; id <= ids; id++) {
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        const text = `client ${c} request ${id}`
        const args = { text, ms: delays[(id - 1) * clients + c] }
        const call = async (): Promise<Json[]> => {
          if (era === 'legacy') return (sessions[c] as LegacySession).call('slow-echo', args, id)
          const res = await fetch(url, {
            method: 'POST',
            headers: {
              ...POST_HEADERS,
              'MCP-Protocol-Version': MODERN,
              'Mcp-Method': 'tools/call',
              'Mcp-Name': 'slow-echo',
            },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id,
              method: 'tools/call',
              params: { name: 'slow-echo', arguments: args, _meta: modernMeta() },
            }),
          })
          return answerMessages(res)
        }
        try {
          const r = await withTimeout(call(), timeoutMs)
          if (r === 'timeout') f.hung++
          else {
            const answer = r.at(-1)
            if (answer?.id === id && resultText(answer) === text) f.correct++
            else f.crossed++
          }
        } catch {
          f.errors++
        }
      }),
    )
  }
  await Promise.all(sessions.map((s) => s.close()))
  return f
}

export function printIdIsolation(f: IdIsolationFigures): void {
  printTable(
    `Id isolation: ${f.clients} ${f.era === 'modern' ? 'stateless 2026-07-28 clients' : 'legacy sessions'}, same ids at once`,
    [
      ['requests', f.requests],
      ['own answer', f.correct],
      ["another client's answer", f.crossed],
      ['hung', f.hung],
      ['errors', f.errors],
    ],
  )
}

if (isMain(import.meta.url)) {
  const server = await startChildServer('edgemcp', { keepAliveMs: 0 })
  const clients = cliNumber('clients', 20)
  const ids = cliNumber('ids', 50)
  const results = [
    await runIdIsolation(server.url, 'modern', clients, ids),
    await runIdIsolation(server.url, 'legacy', clients, ids),
  ]
  await server.close()
  for (const f of results) printIdIsolation(f)
  process.exit(results.every((f) => f.correct === f.requests) ? 0 : 1)
}
