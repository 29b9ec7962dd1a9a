import { invalidRequest, parseError, type ProtocolError } from '../errors/protocol-error.js'
import type { JsonRpcMessage, RequestId } from './types.js'
import { isObject } from '../protocol/json.js'
import { MAX_ID_LENGTH } from '../protocol/limits.js'

export type DecodeResult =
  | { ok: true; message: JsonRpcMessage }
  | { ok: false; error: ProtocolError; id: RequestId | null }

/**
 * MCP ids are strings or integers (basic/index "Requests"); a fraction is not an id. A string id longer than
 * `MAX_ID_LENGTH` is not one either: ids are echoed (in the response, in `_meta.subscriptionId` of every event
 * of a `subscriptions/listen` stream), so their size is bounded.
 */
const isId = (v: unknown): v is RequestId =>
  typeof v === 'string' ? v.length <= MAX_ID_LENGTH : Number.isInteger(v)

/** The request id of a (possibly invalid) message, when one can be read; otherwise null (never an overlong id). */
export function readId(value: unknown): RequestId | null {
  return isObject(value) && isId(value.id) ? value.id : null
}

/**
 * Classifies and validates one JSON-RPC 2.0 message (JSON-RPC 2.0 §4–5; MCP basic/index "Messages": ids are
 * string or number, never null on requests; params, when present, are an object).
 */
export function decodeMessage(value: unknown): DecodeResult {
  const problem = problemOf(value)
  return problem === undefined
    ? { ok: true, message: value as JsonRpcMessage }
    : { ok: false, error: invalidRequest(problem), id: readId(value) }
}

const BAD_ID = `id must be a string (at most ${MAX_ID_LENGTH} characters) or an integer`

/** What makes a value an invalid message, or undefined when it is a valid one. */
function problemOf(value: unknown): string | undefined {
  if (!isObject(value)) return 'message must be a JSON object'
  if (value.jsonrpc !== '2.0') return 'jsonrpc must be "2.0"'
  if ('method' in value) {
    if (typeof value.method !== 'string' || value.method === '') return 'method must be a non-empty string'
    if ('params' in value && value.params !== undefined && !isObject(value.params))
      return 'params must be an object'
    if ('id' in value) {
      if (!isId(value.id)) return BAD_ID
      if ('result' in value || 'error' in value) return 'a request cannot carry result or error'
    }
    return undefined
  }
  if ('result' in value) {
    if ('error' in value) return 'a response cannot carry both result and error'
    if (!isId(value.id)) return BAD_ID
    return isObject(value.result) ? undefined : 'result must be an object'
  }
  if ('error' in value) {
    const error = value.error
    if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== 'string')
      return 'error must have an integer code and a string message'
    return 'id' in value && value.id !== null && !isId(value.id)
      ? 'id must be a string, an integer or null'
      : undefined
  }
  return 'not a request, notification or response'
}

export type ParsedBody = { ok: true; value: unknown } | { ok: false; error: ProtocolError }

/** JSON.parse that reports a JSON-RPC parse error (-32700) instead of throwing. */
export function parseJson(text: string): ParsedBody {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (e) {
    return { ok: false, error: parseError(e instanceof Error ? e.message : undefined) }
  }
}

/** One message or a batch: a body is a batch when it is a JSON array (2025-03-26 only; see supportsBatch). */
export const isBatch = (value: unknown): value is unknown[] => Array.isArray(value)

const encodedResults = new WeakMap<object, string>()

/**
 * Marks a result object as immutable and caches its JSON, so every response that carries it is serialised
 * by concatenation (a tools/list that has not changed costs almost nothing).
 */
export function freezeEncoded<T extends object>(result: T): T {
  if (!encodedResults.has(result)) encodedResults.set(result, JSON.stringify(result))
  return result
}

/** Serialises a message or a batch; the one place transports get their bytes from. */
export function encodeMessage(message: JsonRpcMessage | JsonRpcMessage[]): string {
  if (!Array.isArray(message) && 'result' in message) {
    const cached = encodedResults.get(message.result)
    if (cached !== undefined) return `{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":${cached}}`
  }
  return JSON.stringify(message)
}
