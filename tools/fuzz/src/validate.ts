/**
 * Checks that what a transport sent back is well-formed JSON-RPC, using the official MCP schema copies that
 * @edgemcp/core ships (`@edgemcp/core/spec/*.schema.json`). An error whose id could not be read carries
 * `id: null` (JSON-RPC 2.0 §5) or, as the 2025-11-25 schema allows, no id; a null id is checked without it.
 */
import { isObject } from '@edgemcp/core/internal'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { type Schema, Validator } from '@cfworker/json-schema'

const REVISION = '2025-11-25'
const require = createRequire(import.meta.url)
const specText = readFileSync(require.resolve(`@edgemcp/core/spec/${REVISION}.schema.json`), 'utf8')
const validators = new Map<string, Validator>()

function validatorFor(def: string): Validator {
  let v = validators.get(def)
  if (!v) {
    const schema = { ...(JSON.parse(specText) as Schema), $ref: `#/$defs/${def}` }
    v = new Validator(schema, '2020-12', false)
    validators.set(def, v)
  }
  return v
}

const isRequestId = (v: unknown) => typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v))

function schemaProblems(def: string, value: unknown): string[] {
  const r = validatorFor(def).validate(value)
  if (r.valid) return []
  // The deepest locations say what is wrong; the root ones only say that something is.
  const deepest = [...r.errors].sort((a, b) => b.instanceLocation.length - a.instanceLocation.length)
  return deepest.slice(0, 2).map((e) => `${def} ${e.instanceLocation}: ${e.error}`)
}

/** Problems of one JSON-RPC message sent by the server (empty: fine). */
export function messageProblems(m: unknown): string[] {
  if (!isObject(m)) return [`not a JSON object: ${JSON.stringify(m)?.slice(0, 80)}`]
  if (m.jsonrpc !== '2.0') return ['jsonrpc is not "2.0"']
  if ('error' in m) {
    if (m.id !== undefined && m.id !== null && !isRequestId(m.id))
      return [`error id is not string/integer/null: ${JSON.stringify(m.id)}`]
    const { id, ...rest } = m
    return schemaProblems('JSONRPCErrorResponse', id === null ? rest : m)
  }
  if ('result' in m) return schemaProblems('JSONRPCResultResponse', m)
  if ('method' in m) return schemaProblems('id' in m ? 'JSONRPCRequest' : 'JSONRPCNotification', m)
  return ['neither a request, a notification nor a response']
}

/** Problems of a JSON body: one message or a non-empty array of them (a batch answer). */
export function bodyProblems(value: unknown): string[] {
  if (Array.isArray(value)) {
    if (value.length === 0) return ['empty batch answer']
    return value.flatMap(messageProblems)
  }
  return messageProblems(value)
}

/** Whether a body is one JSON-RPC error response. */
export const isErrorBody = (value: unknown): boolean =>
  isObject(value) && 'error' in value && messageProblems(value).length === 0
