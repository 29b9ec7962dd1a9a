import { isObject } from '@edgemcp/core/internal'
import fc from 'fast-check'
import { type HeaderPlan, headerPlan, headerSafe } from './headers.js'
import { type Era, type Json, wellFormed } from './messages.js'
import {
  applyBytes,
  applyMutations,
  applyText,
  byteMutation,
  type Mutation,
  mutation,
  serialise,
  type TextMutation,
  textMutation,
} from './mutate.js'

/** Which session a case names: a live one (2025-11-25 or 2025-03-26), an unknown one, or garbage. */
export type SessionRef = 'none' | 'legacy' | 'batch' | 'unknown' | { raw: string }

export interface BodyPlan {
  era: Era
  message: Json
  mutations: Mutation[]
  batch: { extra: Json[]; shape: 'flat' | 'empty' | 'nested' } | null
  text: TextMutation | null
  bytes: { at: number; seq: number } | null
  /** Pad the body with whitespace to this many bytes past the size limit (413). */
  oversize: number | null
  /** No body at all. */
  none: boolean
}

export interface FuzzCase {
  httpMethod: string
  /** Which endpoint of the target (targets with several paths interpret it). */
  route: number
  session: SessionRef
  body: BodyPlan
  headers: HeaderPlan
}

/** `arb` one time in `oneIn`, else null. */
const sometimes = <T>(arb: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb })

const bodyPlan: fc.Arbitrary<BodyPlan> = fc.constantFrom<Era>('legacy', 'modern').chain((era) =>
  fc.record({
    era: fc.constant(era),
    message: wellFormed(era),
    mutations: fc.array(mutation, { maxLength: 3 }),
    batch: sometimes(
      fc.record({
        extra: fc.array(wellFormed(era), { maxLength: 3 }),
        shape: fc.constantFrom('flat' as const, 'flat' as const, 'empty' as const, 'nested' as const),
      }),
      6,
    ),
    text: sometimes(textMutation, 6),
    bytes: sometimes(byteMutation, 12),
    oversize: sometimes(fc.integer({ min: 1, max: 4096 }), 50),
    none: fc.integer({ min: 0, max: 40 }).map((n) => n === 0),
  }),
)

export const fuzzCase: fc.Arbitrary<FuzzCase> = fc.record({
  httpMethod: fc.oneof(
    { weight: 20, arbitrary: fc.constant('POST') },
    { weight: 2, arbitrary: fc.constantFrom('GET', 'DELETE') },
    { weight: 1, arbitrary: fc.constantFrom('PUT', 'PATCH', 'OPTIONS', 'HEAD') },
  ),
  route: fc.nat({ max: 5 }),
  session: fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom<SessionRef>('none', 'legacy', 'batch') },
    { weight: 1, arbitrary: fc.constant<SessionRef>('unknown') },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.string({ maxLength: 40 }),
          fc.constantFrom(' ', '0', 'a'.repeat(4096), '../../etc', '%00', '__proto__', 'constructor'),
        )
        .map((raw) => ({ raw: headerSafe(raw) })),
    },
  ),
  body: bodyPlan,
  headers: headerPlan,
})

/** What a target knows when rendering a case. */
export interface RenderContext {
  /** Session ids by reference, and their negotiated versions. */
  sessionId(ref: SessionRef): string | undefined
  sessionVersion(ref: SessionRef): string | undefined
  maxBodyBytes: number
}

export interface Rendered {
  method: string
  headers: Headers
  body: Uint8Array | undefined
  /** The parsed message before text/byte corruption (for reporting). */
  value: unknown
}

const utf8 = new TextEncoder()

/** Header text of a mirrored value: plain when printable ASCII, else the Base64 sentinel. */
function mirrorValue(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined
  const s = typeof v === 'string' ? v : JSON.stringify(v)
  if (/^[\x20-\x7e]*$/.test(s) && s.trim() === s) return s
  return `=?base64?${Buffer.from(s, 'utf8').toString('base64')}?=`
}

function mirrored(value: unknown): Array<[string, string | undefined]> {
  if (!isObject(value) || typeof value.method !== 'string') return []
  const params = isObject(value.params) ? value.params : {}
  const meta = isObject(params._meta) ? params._meta : {}
  const name = value.method === 'resources/read' ? params.uri : params.name
  const args = isObject(params.arguments) ? params.arguments : {}
  return [
    ['MCP-Protocol-Version', mirrorValue(meta['io.modelcontextprotocol/protocolVersion'])],
    ['Mcp-Method', mirrorValue(value.method)],
    ['Mcp-Name', mirrorValue(name)],
    [
      'Mcp-Param-Region',
      value.method === 'tools/call' && params.name === 'echo' ? mirrorValue(args.region) : undefined,
    ],
  ]
}

/** Turns a case into the concrete HTTP request parts for a target. */
export function render(c: FuzzCase, ctx: RenderContext): Rendered {
  const b = c.body
  let value: unknown = applyMutations(b.message, b.mutations)
  if (b.batch)
    value =
      b.batch.shape === 'empty' ? [] : b.batch.shape === 'nested' ? [[value]] : [value, ...b.batch.extra]
  let text = serialise(value)
  if (b.text) text = applyText(text, b.text)
  let bytes: Uint8Array = utf8.encode(text)
  if (b.bytes) bytes = applyBytes(bytes, b.bytes)
  if (b.oversize !== null) {
    const padded = new Uint8Array(Math.max(bytes.length, ctx.maxBodyBytes) + b.oversize).fill(0x20)
    padded.set(bytes, 0)
    bytes = padded
  }

  const h = new Headers()
  const plan = c.headers
  if (plan.accept !== null) h.set('Accept', plan.accept)
  if (plan.contentType !== null) h.set('Content-Type', plan.contentType)
  const sid = ctx.sessionId(c.session)
  if (sid !== undefined) h.set('Mcp-Session-Id', sid)
  if (b.era === 'legacy' || !plan.mirror) {
    const v = plan.version === 'auto' ? ctx.sessionVersion(c.session) : plan.version
    if (v !== undefined && v !== null) h.set('MCP-Protocol-Version', v)
  }
  if (b.era === 'modern' && plan.mirror)
    for (const [name, v] of mirrored(value)) if (v !== undefined) h.set(name, headerSafe(v))
  for (const lie of plan.lies) {
    if (lie.value === null) h.delete(lie.name)
    else h.set(lie.name, headerSafe(lie.value))
  }
  if (plan.origin !== null) h.set('Origin', plan.origin)
  if (plan.lastEventId !== null) h.set('Last-Event-ID', plan.lastEventId.replace('SESSION', sid ?? 'x'))
  if (plan.contentLength !== 'auto')
    h.set(
      'Content-Length',
      plan.contentLength === 'garbage'
        ? 'abc'
        : String(Math.max(0, bytes.length + (plan.contentLength === 'larger' ? 10 : -3))),
    )
  for (const [name, v] of plan.extra) h.append(name, v)

  const method = c.httpMethod
  const hasBody = method !== 'GET' && method !== 'HEAD' && !b.none
  return { method, headers: h, body: hasBody ? bytes : undefined, value }
}
