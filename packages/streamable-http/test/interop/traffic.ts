import { SseParser } from '@edgemcp/streamable-http'
import { specDefinitionNames, validateAgainstSpec } from '../../../core/test/helpers/spec-validator.js'

export type Json = Record<string, any>

export interface Exchange {
  method: string
  status: number
  contentType: string
  requestHeaders: Headers
}

export interface RecorderOptions {
  /**
   * Drops the connection once, the first time an SSE answer contains `marker`: the client gets the bytes up to
   * the end of the marker (mid-event), then a network error; the server sees the connection close.
   */
  cutOnce?: string
}

const flat = (v: unknown): Json[] => (Array.isArray(v) ? v : [v]) as Json[]

/**
 * A fetch that records the JSON-RPC messages of every exchange: bodies POSTed (`sent`) and the messages of
 * JSON and SSE answers (`received`), each SSE event parsed as the client reads it.
 */
export function recorder(options: RecorderOptions = {}) {
  const sent: Json[] = []
  const received: Json[] = []
  const exchanges: Exchange[] = []
  let cut = options.cutOnce === undefined
  const tap = (body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> => {
    const reader = body.getReader()
    const decoder = new TextDecoder()
    const encoder = new TextEncoder()
    const parser = new SseParser({
      onEvent: (e) => {
        if (e.data !== '') received.push(JSON.parse(e.data) as Json)
      },
    })
    let seen = ''
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        let chunk: ReadableStreamReadResult<Uint8Array>
        try {
          chunk = await reader.read()
        } catch (e) {
          parser.end()
          controller.error(e)
          return
        }
        if (chunk.done) {
          parser.end()
          controller.close()
          return
        }
        const text = decoder.decode(chunk.value, { stream: true })
        const at = cut ? -1 : (seen + text).indexOf(options.cutOnce as string)
        if (at >= 0) {
          cut = true
          const keep = text.slice(0, Math.max(0, at + (options.cutOnce as string).length - seen.length))
          parser.push(keep)
          parser.end()
          controller.enqueue(encoder.encode(keep))
          controller.error(new TypeError('network connection lost (test cut)'))
          await reader.cancel().catch(() => {})
          return
        }
        seen = (seen + text).slice(-200)
        parser.push(text)
        controller.enqueue(chunk.value)
      },
      cancel: (reason) => reader.cancel(reason),
    })
  }
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (typeof init?.body === 'string') sent.push(...flat(JSON.parse(init.body)))
    const res = await fetch(input, init)
    const contentType = res.headers.get('content-type') ?? ''
    exchanges.push({
      method: init?.method ?? 'GET',
      status: res.status,
      contentType,
      requestHeaders: new Headers(init?.headers),
    })
    if (!res.body) return res
    const meta = { status: res.status, statusText: res.statusText, headers: res.headers }
    if (contentType.includes('text/event-stream')) return new Response(tap(res.body), meta)
    if (!contentType.includes('application/json')) return res
    const text = await res.text()
    if (text !== '') received.push(...flat(JSON.parse(text)))
    return new Response(text, meta)
  }
  return { fetch: fetchImpl as typeof fetch, sent, received, exchanges }
}

const RESULT_DEFS: Record<string, string> = {
  initialize: 'InitializeResult',
  ping: 'EmptyResult',
  'server/discover': 'DiscoverResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'resources/subscribe': 'EmptyResult',
  'resources/unsubscribe': 'EmptyResult',
  'logging/setLevel': 'EmptyResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'completion/complete': 'CompleteResult',
  'elicitation/create': 'ElicitResult',
  'sampling/createMessage': 'CreateMessageResult',
  'roots/list': 'ListRootsResult',
}

const PROTOCOL_META = 'io.modelcontextprotocol/protocolVersion'

/**
 * Checks every message against the official schema of its revision: a message with a modern `_meta` version
 * is of that revision, a response is of the revision of the request it answers, anything else `revision`.
 * Requests: JSONRPCRequest and Client/ServerRequest; notifications likewise; results: the JSON-RPC response
 * and the Result definition of the method. `check` limits the validation to what one side emitted.
 * Returns the problems found (empty when all is valid).
 */
export function specProblems(
  revision: string,
  traffic: { sent: Json[]; received: Json[] },
  check: { client?: boolean; server?: boolean } = { client: true, server: true },
): string[] {
  const problems: string[] = []
  const all = [
    ...traffic.sent.map((m) => ['client', m] as const),
    ...traffic.received.map((m) => ['server', m] as const),
  ]
  const revOf = (m: Json): string => m.params?._meta?.[PROTOCOL_META] ?? revision
  const requests = {
    client: new Map<unknown, [string, string]>(),
    server: new Map<unknown, [string, string]>(),
  }
  for (const [side, m] of all) if ('method' in m && 'id' in m) requests[side].set(m.id, [m.method, revOf(m)])
  const validate = (rev: string, def: string, value: unknown, what: string) => {
    if (!specDefinitionNames(rev).includes(def)) return void problems.push(`${what}: ${rev} has no ${def}`)
    const r = validateAgainstSpec(rev, def, value)
    if (!r.valid) problems.push(`${what} is not a valid ${rev} ${def}: ${r.errors.slice(0, 3).join('; ')}`)
  }
  for (const [side, m] of all) {
    if (!check[side]) continue
    const what = `${side} ${JSON.stringify(m).slice(0, 200)}`
    const own = side === 'client' ? 'Client' : 'Server'
    if ('method' in m) {
      const kind = 'id' in m ? 'Request' : 'Notification'
      validate(revOf(m), `JSONRPC${kind}`, m, what)
      validate(revOf(m), `${own}${kind}`, m, what)
      continue
    }
    const origin = requests[side === 'client' ? 'server' : 'client'].get(m.id)
    const rev = origin?.[1] ?? revision
    const newShapes = rev >= '2025-11-25'
    if ('error' in m) {
      validate(rev, newShapes ? 'JSONRPCErrorResponse' : 'JSONRPCError', m, what)
      continue
    }
    validate(rev, newShapes ? 'JSONRPCResultResponse' : 'JSONRPCResponse', m, what)
    if (!origin) {
      problems.push(`${what}: answers no request`)
      continue
    }
    const def = m.result?.resultType === 'input_required' ? 'InputRequiredResult' : RESULT_DEFS[origin[0]]
    if (def) validate(rev, def, m.result, what)
    else problems.push(`${what}: no result definition for ${origin[0]}`)
  }
  return problems
}
