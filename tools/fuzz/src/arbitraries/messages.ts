import fc from 'fast-check'
import { BATCH_REVISION, LATEST_LEGACY, MODERN } from '../server.js'

export type Json = Record<string, unknown>
export type Era = 'modern' | 'legacy'

const VERSIONS = [MODERN, LATEST_LEGACY, '2025-06-18', BATCH_REVISION, '2024-11-05', '2099-01-01', '']

export const modernMeta = (): Json => ({
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'fuzz', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
})

const toolCall = fc.oneof(
  fc.record({ name: fc.constant('add'), arguments: fc.record({ a: fc.integer(), b: fc.integer() }) }),
  fc.record({
    name: fc.constant('echo'),
    arguments: fc.record(
      { text: fc.string({ maxLength: 20 }), region: fc.string({ maxLength: 10 }) },
      {
        requiredKeys: ['text'],
      },
    ),
  }),
  fc.record({ name: fc.constant('ticker'), arguments: fc.record({ steps: fc.integer({ min: 0, max: 3 }) }) }),
  fc.record({ name: fc.constant('wait'), arguments: fc.record({ ms: fc.integer({ min: 0, max: 5 }) }) }),
  fc.record({ name: fc.string({ maxLength: 12 }), arguments: fc.constant({}) }),
)

/** `[method, params]` of requests a client may send (known and unknown methods). */
const request: fc.Arbitrary<[string, Json | undefined]> = fc.oneof(
  fc.tuple(
    fc.constant('initialize'),
    fc.record({
      protocolVersion: fc.constantFrom(...VERSIONS),
      capabilities: fc.constant({}),
      clientInfo: fc.constant({ name: 'fuzz', version: '1' }),
    }),
  ),
  fc.tuple(fc.constant('tools/call'), toolCall),
  fc.tuple(
    fc.constantFrom('ping', 'tools/list', 'resources/list', 'prompts/list', 'resources/templates/list'),
    fc.option(fc.record({ cursor: fc.string({ maxLength: 8 }) }), { nil: undefined }),
  ),
  fc.tuple(
    fc.constantFrom('resources/read', 'resources/subscribe', 'resources/unsubscribe'),
    fc.record({ uri: fc.constantFrom('note://fixed', 'note://42', 'file:///etc/passwd', '', 'x') }),
  ),
  fc.tuple(
    fc.constant('prompts/get'),
    fc.record({ name: fc.constantFrom('greet', 'nope'), arguments: fc.record({ who: fc.string() }) }),
  ),
  fc.tuple(
    fc.constant('completion/complete'),
    fc.constant({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'who', value: 'a' } }),
  ),
  fc.tuple(fc.constant('logging/setLevel'), fc.record({ level: fc.constantFrom('debug', 'error', 'loud') })),
  fc.tuple(fc.constantFrom('server/discover', 'subscriptions/listen'), fc.constant({})),
  fc.tuple(fc.string({ maxLength: 16 }), fc.constant({})),
)

const notification: fc.Arbitrary<[string, Json | undefined]> = fc.oneof(
  fc.tuple(fc.constant('notifications/initialized'), fc.constant(undefined)),
  fc.tuple(
    fc.constant('notifications/cancelled'),
    fc.record({ requestId: fc.oneof(fc.integer(), fc.string()), reason: fc.string({ maxLength: 8 }) }),
  ),
  fc.tuple(fc.constant('notifications/roots/list_changed'), fc.constant(undefined)),
  fc.tuple(fc.constant('notifications/progress'), fc.constant({ progressToken: 1, progress: 1 })),
)

const id = fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.string({ minLength: 1, maxLength: 8 }))

/** A well-formed message of a given era: a request, a notification or a response to nothing. */
export function wellFormed(era: Era): fc.Arbitrary<Json> {
  const withMeta = (params: Json | undefined): Json | undefined =>
    era === 'modern' ? { ...(params ?? {}), _meta: modernMeta() } : params
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.tuple(request, id).map(([[method, params], i]) => build(method, withMeta(params), i)),
    },
    { weight: 2, arbitrary: notification.map(([method, params]) => build(method, withMeta(params))) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(id, fc.boolean())
        .map(([i, ok]) =>
          ok
            ? { jsonrpc: '2.0', id: i, result: {} }
            : { jsonrpc: '2.0', id: i, error: { code: -32601, message: 'no' } },
        ),
    },
  )
}

function build(method: string, params: Json | undefined, requestId?: string | number): Json {
  const m: Json = { jsonrpc: '2.0' }
  if (requestId !== undefined) m.id = requestId
  m.method = method
  if (params !== undefined) m.params = params
  return m
}
