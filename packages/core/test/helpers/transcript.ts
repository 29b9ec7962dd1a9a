/**
 * Spec validation of a whole exchange, shared by the tests of core and the transports: every message both
 * sides sent, checked against the official schema of its revision.
 */
import { META_PROTOCOL_VERSION } from '../../src/protocol/meta.js'
import { RESULT_DEFINITIONS } from '../../src/protocol/result-definitions.js'
import { specDefinitionNames, validateAgainstSpec } from './spec-validator.js'

type Json = Record<string, any>

/** The messages of a list whose entries may be batches. */
export const flat = (list: unknown[]): Json[] => list.flatMap((m) => (Array.isArray(m) ? m : [m])) as Json[]

/**
 * The problems of an exchange (empty when all is valid): a message with a modern `_meta` version is of that
 * revision, a response is of the revision of the request it answers, anything else `revision`. Requests are
 * checked as JSONRPCRequest and Client/ServerRequest, notifications likewise, results as the JSON-RPC response
 * and the method's own Result definition. `check` limits the validation to what one side emitted.
 */
export function transcriptProblems(
  revision: string,
  clientSent: unknown[],
  serverSent: unknown[],
  check: { client?: boolean; server?: boolean } = { client: true, server: true },
): string[] {
  const problems: string[] = []
  const all = [
    ...flat(clientSent).map((m) => ['client', m] as const),
    ...flat(serverSent).map((m) => ['server', m] as const),
  ]
  const revOf = (m: Json): string => m.params?._meta?.[META_PROTOCOL_VERSION] ?? revision
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
    const def =
      m.result?.resultType === 'input_required' ? 'InputRequiredResult' : RESULT_DEFINITIONS[origin[0]]
    if (def) validate(rev, def, m.result, what)
    else problems.push(`${what}: no result definition for ${origin[0]}`)
  }
  return problems
}
