import fc from 'fast-check'

/** A mirrored 2026-07-28 header set to a wrong value, or removed (`null`). */
export interface HeaderLie {
  name: 'Mcp-Method' | 'Mcp-Name' | 'MCP-Protocol-Version' | 'Mcp-Param-Region'
  value: string | null
}

/** Which headers a case sends; `auto` values are derived from the body and the session when rendering. */
export interface HeaderPlan {
  accept: string | null
  contentType: string | null
  /** Mirror the body in the 2026-07-28 headers (then apply the lies), or send none of them. */
  mirror: boolean
  lies: HeaderLie[]
  /** `MCP-Protocol-Version` for legacy requests: the session's (`auto`), another value, or none. */
  version: 'auto' | string | null
  origin: string | null
  lastEventId: string | null
  contentLength: 'auto' | 'smaller' | 'larger' | 'garbage'
  extra: Array<[string, string]>
}

/** Header values must be ByteStrings without NUL/CR/LF: map anything else to '?'. */
export const headerSafe = (s: string): string =>
  [...s].map((ch) => ((ch.codePointAt(0) ?? 0) > 0xff || /[\0\r\n]/.test(ch) ? '?' : ch)).join('')

const anyHeaderText = fc.string({ unit: 'binary', maxLength: 40 }).map(headerSafe)

const BOTH = 'application/json, text/event-stream'

export const accept = fc.oneof(
  { weight: 30, arbitrary: fc.constant(BOTH) },
  {
    weight: 4,
    arbitrary: fc.constantFrom<string | null>(
      null,
      '',
      'application/json',
      'text/event-stream',
      '*/*',
      'application/*, text/*',
      'text/html',
      'application/json;q=0, text/event-stream;q=0',
      'APPLICATION/JSON, TEXT/EVENT-STREAM',
      'application/json-seq, text/event-streamx',
      `${'application/json, '.repeat(200)}text/event-stream`,
    ),
  },
  { weight: 1, arbitrary: anyHeaderText },
)

export const contentType = fc.oneof(
  { weight: 30, arbitrary: fc.constant('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom<string | null>(
      null,
      '',
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json; charset=utf-16',
      'application/json;;;',
      'text/plain',
      'application/jsonx',
      'application/json-patch+json',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
    ),
  },
  { weight: 1, arbitrary: anyHeaderText },
)

const lieValue = fc.oneof(
  fc.constantFrom<string | null>(
    null,
    '',
    'tools/list',
    'initialize',
    '2025-11-25',
    '2099-01-01',
    '2026-07-28, 2026-07-28',
    'add',
    'echo',
    '=?base64?!!!?=',
    '=?base64??=',
    '=?base64?YWRk?=',
    '=?BASE64?ZWNobw==?=',
    ' add ',
  ),
  anyHeaderText,
)

export const headerLie: fc.Arbitrary<HeaderLie> = fc.record({
  name: fc.constantFrom('Mcp-Method', 'Mcp-Name', 'MCP-Protocol-Version', 'Mcp-Param-Region'),
  value: lieValue,
})

const extraHeader = fc.tuple(
  fc.constantFrom(
    'Mcp-Session-Id',
    'Mcp-Method',
    'Mcp-Param-Region',
    'Mcp-Param-',
    'Authorization',
    'Cookie',
    'X-Forwarded-Host',
    'Transfer-Encoding',
    'Expect',
    'Last-Event-ID',
    'Accept-Encoding',
    'X-Unknown',
  ),
  anyHeaderText,
)

export const headerPlan: fc.Arbitrary<HeaderPlan> = fc.record({
  accept,
  contentType,
  mirror: fc.boolean(),
  lies: fc.oneof(
    { weight: 3, arbitrary: fc.constant<HeaderLie[]>([]) },
    { weight: 1, arbitrary: fc.array(headerLie, { maxLength: 2 }) },
  ),
  version: fc.oneof(
    { weight: 8, arbitrary: fc.constant('auto') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(null, '2025-03-26', '2025-11-25', '2026-07-28', '2099-01-01', ' ', 'x'),
    },
  ),
  origin: fc.oneof(
    { weight: 20, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'http://evil.example',
        'null',
        'http://localhost',
        'http://127.0.0.1:1',
        'file://',
      ),
    },
  ),
  lastEventId: fc.oneof(
    { weight: 6, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', '0', 'x:1', 'SESSION.aaaa:0', 'SESSION.aaaa:99999999999999999999', ':'),
    },
    { weight: 1, arbitrary: anyHeaderText },
  ),
  contentLength: fc.oneof(
    { weight: 10, arbitrary: fc.constant('auto' as const) },
    { weight: 1, arbitrary: fc.constantFrom('smaller' as const, 'larger' as const, 'garbage' as const) },
  ),
  extra: fc.oneof(
    { weight: 4, arbitrary: fc.constant<Array<[string, string]>>([]) },
    { weight: 1, arbitrary: fc.array(extraHeader, { maxLength: 3 }) },
  ),
})
