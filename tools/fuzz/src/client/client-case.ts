import { McpClient, McpLocalError, ProtocolError, type Transport } from '@edgemcp/core'
import { SseClientTransport } from '@edgemcp/sse'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { BodyMeter } from './answer-body.js'
import { CLIENT_LIMIT, type ClientCase, isOneMessage } from './hostile-answer.js'
import type { FetchLike } from './scripted-fetch.js'

/** Which client transport a case drives. */
export type ClientKind = 'streamable-http' | 'sse'

/** Most bytes a client may take from one hostile body: its limit (in characters: up to 4 bytes each) + a read. */
export const READ_BOUND = 4 * CLIENT_LIMIT + 256 * 1024

/** A case that has not settled after this long hangs (a hang guard: cases settle in milliseconds). */
export const HANG_MS = 20_000

const TIMEOUT_MS = 100

export interface CaseOutcome {
  /** How the scenario ended: 'ok', or the error's name. */
  outcome: string
  problems: string[]
}

/** Errors a client may end with: edgemcp's two families (local, protocol). Anything else is a bug. */
function unexpected(error: unknown): string | undefined {
  if (error instanceof McpLocalError || error instanceof ProtocolError) return undefined
  return `the client failed with ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`
}

const withHandlers = {
  elicit: () => ({ action: 'accept' as const, content: { ok: true } }),
  sample: () => ({ role: 'assistant' as const, model: 'm', content: { type: 'text', text: 'hi' } }),
  listRoots: () => ({ roots: [] }),
}

/**
 * One case: an McpClient connects over `kind` through `fetchFor(meter)` (a scripted hostile server), calls a
 * tool and closes. Problems: an error outside edgemcp's families, a hang, a hostile body read past the
 * client's limit, a body still being read after close.
 */
export async function runClientCase(
  c: ClientCase,
  kind: ClientKind,
  fetchFor: (meter: BodyMeter) => FetchLike,
  /** Over loopback: bytes sockets buffer beyond what the client read, and time for hang-ups to arrive. */
  loopback?: { slack: number },
  /** The client's `maxMessageBytes` (the harness's own tests break it on purpose). */
  limit = CLIENT_LIMIT,
): Promise<CaseOutcome> {
  const meter = new BodyMeter()
  const problems: string[] = []
  const fetchImpl = fetchFor(meter) as typeof fetch
  const client = new McpClient(
    { name: 'fuzz-client', version: '1' },
    {
      protocol: kind === 'sse' ? 'legacy' : c.protocol,
      requestTimeoutMs: TIMEOUT_MS,
      maxInputRounds: 3,
      handlers: withHandlers,
      onerror: (e) => {
        if (!(e instanceof Error)) problems.push(`onerror got a non-Error: ${String(e)}`)
      },
    },
  )
  const limits = { maxMessageBytes: limit, fetch: fetchImpl }
  const transport: Transport =
    kind === 'sse'
      ? new SseClientTransport('http://fuzz.test/sse', { ...limits, endpointTimeoutMs: TIMEOUT_MS })
      : new StreamableHttpClientTransport('http://fuzz.test/mcp', {
          ...limits,
          reconnectDelayMs: 5,
          maxReconnectAttempts: 2,
        })
  let outcome = 'ok'
  let stage = 'connect'
  let timer: ReturnType<typeof setTimeout> | undefined
  const scenario = (async () => {
    try {
      await client.connect(transport)
      stage = 'tools/call'
      await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } })
    } catch (e) {
      outcome = e instanceof Error ? e.name : typeof e
      const p = unexpected(e)
      if (p) problems.push(p)
    } finally {
      stage = 'close'
      await client.close()
      stage = 'closed'
    }
  })()
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), HANG_MS)
  })
  if ((await Promise.race([scenario, hung])) === 'hung')
    problems.push(`the case did not settle in ${HANG_MS} ms (stuck in ${stage})`)
  clearTimeout(timer)
  // Closing lets go of every body (a reader left on a dead stream would hold its connection). In process that
  // is immediate. Over loopback the hang-up reaches the server a little later, and only a body without
  // Content-Length is surely unfinished for the client (one that reached its declared length is complete,
  // whatever the server then does with the socket).
  const checkOpen = !(loopback && c.answer.contentLength !== 'none')
  const waits = loopback ? 2000 : 20
  for (let i = 0; checkOpen && i < waits && meter.open > 0; i++) await new Promise((r) => setTimeout(r, 1))
  if (checkOpen && meter.open > 0)
    problems.push(`${meter.open} hostile bod${meter.open === 1 ? 'y is' : 'ies are'} still read after close`)
  // One growing message must be refused at the limit; a stream of small events may be read until the timeout.
  if (isOneMessage(c.answer.body) && (meter.capped || meter.maxRead > READ_BOUND + (loopback?.slack ?? 0)))
    problems.push(`the client read ${meter.maxRead} bytes of one message (limit ${CLIENT_LIMIT})`)
  return { outcome, problems }
}
