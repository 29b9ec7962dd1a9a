import { type HeaderReader, READER, type WithReader } from './header-reader.js'

/**
 * A request's headers read from what node:http parsed (`incoming.headers`), answering `get` and `has` of a
 * lowercase name as `Headers` does: values trimmed, repeated fields joined with ", ".
 *
 * Why (issue 30): @hono/node-server's `Headers.get` checks and lowercases the name and checks the value on
 * every call, about 2,150 instructions each; a session POST makes six. Callgrind, tools/bench
 * `instructions.mjs --workloads b`, raw Hono plus those six reads: 122,174 instructions per request unread,
 * 135,100 by `Headers.get`, 124,205 from `incoming.headers`.
 */
export class NodeHeaders implements HeaderReader {
  readonly #incoming: NodeIncoming
  readonly #fallback: Headers

  /** `fallback`: the request's own headers, for what node:http does not hold as one string. */
  constructor(incoming: NodeIncoming, fallback: Headers) {
    this.#incoming = incoming
    this.#fallback = fallback
  }

  get(name: string): string | null {
    const value = this.#incoming.headers[name]
    if (value === undefined) return null
    // set-cookie (an array), and names such as `constructor` that a plain object answers from its prototype.
    if (typeof value !== 'string' || name === 'cookie') return this.#fallback.get(name)
    return FIRST_ONLY.has(name) ? joined(this.#incoming.rawHeaders, name) : value
  }

  has(name: string): boolean {
    const value = this.#incoming.headers[name]
    return value === undefined ? false : typeof value === 'string' || this.#fallback.has(name)
  }
}

/** The parts of node:http's `IncomingMessage` read here (typed locally: the build needs no Node types). */
export interface NodeIncoming {
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>
  readonly rawHeaders: readonly string[]
}

/**
 * The fields node:http keeps the first value of when repeated (its "discard duplicates" list), where Fetch
 * joins them all: these are read from `rawHeaders`, so that a repeated Content-Type (say) is refused as
 * `Headers` would have it.
 */
const FIRST_ONLY = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
])

/** Every value of `name` in `raw` (node:http's name/value list, values trimmed), joined as Fetch does. */
function joined(raw: readonly string[], name: string): string | null {
  let value: string | null = null
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const n = raw[i]!
    if (n.length !== name.length || (n !== name && n.toLowerCase() !== name)) continue
    value = value === null ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`
  }
  return value
}

/**
 * Attaches `reader` to `headers` (which the caller made, with nothing in between), for `headersOf`; a change
 * to the headers in place detaches it, so what a middleware sets is what the endpoint reads.
 */
export function attachHeaderReader(headers: Headers, reader: HeaderReader): void {
  const h = headers as WithReader & Record<Mutator, unknown>
  h[READER] = reader
  h.set = DETACHING.set
  h.append = DETACHING.append
  h.delete = DETACHING.delete
}

type Mutator = 'set' | 'append' | 'delete'

/** Each mutator, detaching the reader first, then calling the method it shadows (found on the prototype). */
const detaching = (method: Mutator) =>
  function (this: WithReader, ...args: string[]): void {
    this[READER] = undefined
    Object.getPrototypeOf(this)[method].apply(this, args)
  }

// Made once, shared by every request (no closure per request).
const DETACHING = { set: detaching('set'), append: detaching('append'), delete: detaching('delete') }
