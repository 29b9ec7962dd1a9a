import fc from 'fast-check'
import { weirdValue } from '../arbitraries/values.js'

/**
 * What a hostile (or merely broken) MCP server answers one HTTP request with. Bodies are descriptions, built
 * into bytes only when the case runs: a 512 MiB answer costs nothing to generate or shrink.
 */
export type HostileBody =
  /** Nothing at all. */
  | { kind: 'empty' }
  /** Text sent as is (JSON-ish, HTML, binary junk). `$ID` is replaced by the request's JSON-RPC id. */
  | { kind: 'text'; text: string }
  /** Raw SSE text pieces, each a chunk; `$ID` replaced. */
  | { kind: 'sse'; chunks: string[] }
  /** `unit` repeated to `bytes` (over or under the client's limit), after `prefix` (`$ID` replaced). */
  | { kind: 'huge'; prefix: string; unit: string; bytes: number }
  /** `prefix`, then `unit` for ever: the client must hang up. */
  | { kind: 'endless'; prefix: string; unit: string }

export interface HostileAnswer {
  status: number
  /** Headers as sent (names and values may be odd; the runtime drops what it cannot carry). */
  headers: Array<[string, string]>
  /** `declared` (the true length), `more` / `less` (a lie), or none (chunked). */
  contentLength: 'none' | 'declared' | 'more' | 'less'
  body: HostileBody
  /** How the body ends: normally, with a reset connection, or never (the client must give up). */
  ending: 'end' | 'reset' | 'hang'
}

/** Which of the client's requests gets the hostile answer; the others get well-formed ones. */
export type Step = 'discover' | 'initialize' | 'call' | 'get' | 'every'

export interface ClientCase {
  protocol: 'auto' | 'legacy' | 'modern'
  step: Step
  answer: HostileAnswer
}

/**
 * Whether a body is one message however long it grows (a JSON text, or an SSE event or line that never
 * ends): then the client must stop at its limit. A body of many small events (keep-alives, `data: 1`) is
 * not: the client may read it until the request's timeout.
 */
export function isOneMessage(body: HostileBody): boolean {
  if (body.kind !== 'huge' && body.kind !== 'endless') return true
  return !/\n\n|\r\r|\r\n\r\n/.test(body.unit + body.unit)
}

/** Bytes a benign body never exceeds; the limit the fuzzed client runs with. */
export const CLIENT_LIMIT = 256 * 1024

const statuses = fc.oneof(
  { weight: 6, arbitrary: fc.constant(200) },
  { weight: 1, arbitrary: fc.constantFrom(202, 204, 206) },
  { weight: 2, arbitrary: fc.constantFrom(400, 401, 403, 404, 405, 406, 409, 413, 415, 429) },
  { weight: 1, arbitrary: fc.constantFrom(500, 502, 503, 504) },
  { weight: 1, arbitrary: fc.constantFrom(301, 302, 304, 100 + 99) },
)

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/event-stream',
  'text/event-stream; charset=utf-8',
  'TEXT/EVENT-STREAM',
  'text/html',
  'text/plain',
  'application/octet-stream',
  '',
  'application/json, text/event-stream',
)

const oddHeaderValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    'a'.repeat(2048),
    'x'.repeat(70_000),
    '\t\t',
    'Bearer',
    'Bearer realm="a", error=',
  ),
)

const extraHeaders: fc.Arbitrary<Array<[string, string]>> = fc.array(
  fc.tuple(
    fc.constantFrom(
      'Mcp-Session-Id',
      'WWW-Authenticate',
      'Retry-After',
      'MCP-Protocol-Version',
      'Content-Encoding',
      'Transfer-Encoding',
      'X-Junk',
      'Location',
    ),
    oddHeaderValue,
  ),
  { maxLength: 3 },
)

const stringified = (v: unknown): string => {
  try {
    return JSON.stringify(v) ?? 'null'
  } catch {
    return 'null'
  }
}

/** A result for the request being answered: right shapes, wrong shapes, and the MRTR input_required kind. */
const result: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant({
    resultType: 'complete',
    supportedVersions: ['2026-07-28'],
    capabilities: { tools: {} },
    ttlMs: 0,
    cacheScope: 'private',
  }),
  fc.record({
    protocolVersion: fc.constantFrom('2025-11-25', '2024-11-05', '2026-07-28', '', 'x'),
    capabilities: fc.oneof(fc.constant({ tools: {} }), weirdValue),
    serverInfo: fc.oneof(fc.constant({ name: 's', version: '1' }), weirdValue),
  }),
  fc.record({ content: fc.oneof(fc.constant([{ type: 'text', text: 'ok' }]), weirdValue) }),
  fc.record({
    resultType: fc.constantFrom('input_required', 'complete', 'bogus'),
    inputRequests: fc.oneof(
      fc.constant({ a: { method: 'elicitation/create', params: { message: 'm', requestedSchema: {} } } }),
      fc.constant({ b: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 1 } } }),
      fc.constant({ c: { method: 'roots/list' } }),
      fc.constant({ d: { method: 'evil/method' } }),
      weirdValue,
    ),
    requestState: fc.oneof(fc.string({ maxLength: 20 }), weirdValue),
  }),
  fc.constant({}),
  weirdValue,
)

/** One JSON-RPC message (or a batch, or junk) as the server may write it; `$ID` is the request's id. */
const message: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: result.map((r) => `{"jsonrpc":"2.0","id":$ID,"result":${stringified(r)}}`) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(-32600, -32601, -32602, -32603, -32020, -32021, -32022, 1, 0), weirdValue)
      .map(
        ([code, data]) =>
          `{"jsonrpc":"2.0","id":$ID,"error":{"code":${code},"message":"no","data":${stringified(data)}}}`,
      ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'elicitation/create',
          'sampling/createMessage',
          'roots/list',
          'ping',
          'notifications/progress',
          'notifications/message',
          'notifications/cancelled',
          'notifications/tools/list_changed',
        ),
        fc.oneof(fc.integer(), fc.string({ maxLength: 6 }), fc.constant(null)),
        weirdValue,
      )
      .map(([method, id, params]) =>
        method.startsWith('notifications/')
          ? `{"jsonrpc":"2.0","method":"${method}","params":${stringified(params)}}`
          : `{"jsonrpc":"2.0","id":${stringified(id)},"method":"${method}","params":${stringified(params)}}`,
      ),
  },
  { weight: 1, arbitrary: weirdValue.map(stringified) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom('[]', '[$ID]', '{"jsonrpc":"2.0","id":$ID}', '{', 'null', '"') },
)

/** SSE field lines, sometimes broken; joined with a line break of the case's choice. */
const sseEvent: fc.Arbitrary<string> = fc
  .tuple(
    fc.option(fc.constantFrom('message', 'endpoint', 'ping', ''), { nil: undefined }),
    fc.option(fc.oneof(fc.string({ maxLength: 10 }), fc.constant('\u0000')), { nil: undefined }),
    fc.option(fc.oneof(fc.nat(), fc.constantFrom(-1, 1e12)), { nil: undefined }),
    fc.array(message, { minLength: 0, maxLength: 2 }),
    fc.constantFrom('\n', '\r\n', '\r'),
    fc.boolean(),
  )
  .map(([event, id, retry, data, nl, terminated]) => {
    const lines: string[] = []
    if (event !== undefined) lines.push(`event: ${event}`)
    if (id !== undefined) lines.push(`id: ${id}`)
    if (retry !== undefined) lines.push(`retry: ${retry}`)
    for (const d of data) lines.push(`data: ${d}`)
    if (lines.length === 0) lines.push(': comment')
    return lines.join(nl) + nl + (terminated ? nl : '')
  })

/** Cuts a text into chunks at arbitrary points (an event split across network reads). */
const chunked = (text: fc.Arbitrary<string>): fc.Arbitrary<string[]> =>
  fc.tuple(text, fc.array(fc.nat(), { maxLength: 4 })).map(([t, cuts]) => {
    const points = [...new Set(cuts.map((c) => c % (t.length + 1)))].sort((a, b) => a - b)
    const out: string[] = []
    let from = 0
    for (const p of points) {
      out.push(t.slice(from, p))
      from = p
    }
    out.push(t.slice(from))
    return out.filter((c) => c.length > 0)
  })

const body: fc.Arbitrary<HostileBody> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: 'empty' as const }) },
  { weight: 4, arbitrary: message.map((text) => ({ kind: 'text' as const, text })) },
  {
    weight: 1,
    arbitrary: fc
      .array(message, { minLength: 1, maxLength: 3 })
      .map((ms) => ({ kind: 'text' as const, text: `[${ms.join(',')}]` })),
  },
  {
    weight: 4,
    arbitrary: chunked(fc.array(sseEvent, { minLength: 1, maxLength: 4 }).map((es) => es.join(''))).map(
      (chunks) => ({ kind: 'sse' as const, chunks }),
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          '{"jsonrpc":"2.0","id":$ID,"result":{"x":"',
          'event: message\ndata: ',
          ': ',
          'data: [',
        ),
        fc.constantFrom('x', 'abcdefgh', '\n', 'data: 1\n', '€'),
        fc.constantFrom(CLIENT_LIMIT - 1000, CLIENT_LIMIT + 1, 4 * CLIENT_LIMIT, 512 * 1024 * 1024),
      )
      .map(([prefix, unit, bytes]) => ({ kind: 'huge' as const, prefix, unit, bytes })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('event: message\ndata: ', '', ': ', '{"jsonrpc":"2.0","id":$ID,"result":"'),
        fc.constantFrom('x'.repeat(1024), ': keep-alive\n\n', 'data: {}\n', 'data: 1\n\n', 'retry: 0\n\n'),
      )
      .map(([prefix, unit]) => ({ kind: 'endless' as const, prefix, unit })),
  },
)

export const hostileAnswer: fc.Arbitrary<HostileAnswer> = fc
  .record({
    status: statuses,
    contentType: contentTypes,
    extra: extraHeaders,
    contentLength: fc.constantFrom('none', 'declared', 'declared', 'more', 'less'),
    body,
    ending: fc.constantFrom('end', 'end', 'end', 'reset', 'hang'),
  })
  .map(({ status, contentType, extra, contentLength, body, ending }) => ({
    status,
    headers: contentType ? [['Content-Type', contentType] as [string, string], ...extra] : extra,
    contentLength: contentLength as HostileAnswer['contentLength'],
    body,
    ending: ending as HostileAnswer['ending'],
  }))

export const clientCase: fc.Arbitrary<ClientCase> = fc.record({
  protocol: fc.constantFrom('auto', 'auto', 'legacy', 'modern'),
  step: fc.constantFrom('discover', 'initialize', 'call', 'call', 'get', 'every'),
  answer: hostileAnswer,
})
