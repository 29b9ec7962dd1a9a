import { invalidParams } from '../../errors/protocol-error.js'
import { HandlerContext } from '../context.js'
import type { RequestScope } from '../core.js'
import type { JsonObject } from '../types.js'
import { listPage, optionalObject, ownCopy, requireString, wires } from './shared.js'

export const listPrompts = (scope: RequestScope): JsonObject =>
  listPage(scope, 'prompts', wires(scope.core.registry.prompts))

export async function getPrompt(scope: RequestScope): Promise<JsonObject> {
  const name = requireString(scope.params, 'name')
  const prompt = scope.core.registry.prompts.get(name)
  if (!prompt) throw invalidParams(`Unknown prompt: ${name}`, 'name')
  const args = optionalObject(scope.params, 'arguments') ?? {}
  const strings: Record<string, string> = {}
  for (const [k, v] of Object.entries(args)) {
    if (typeof v !== 'string') throw invalidParams('must be a string', `arguments.${k}`)
    strings[k] = v
  }
  for (const a of prompt.definition.arguments ?? []) {
    if (a.required && strings[a.name] === undefined) throw invalidParams('is required', `arguments.${a.name}`)
  }
  return ownCopy(await prompt.handler(strings, new HandlerContext(scope)))
}
