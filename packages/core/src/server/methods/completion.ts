import { invalidParams } from '../../errors/protocol-error.js'
import { HandlerContext } from '../context.js'
import type { RequestScope } from '../core.js'
import type { Completer, JsonObject } from '../types.js'
import { optionalObject, requireObject, requireString } from './shared.js'

const MAX_VALUES = 100

/** completion/complete for prompt arguments and resource-template variables (server/utilities/completion). */
export async function complete(scope: RequestScope): Promise<JsonObject> {
  const ref = requireObject(scope.params, 'ref')
  const argument = requireObject(scope.params, 'argument')
  const argName = requireString(argument, 'name')
  const value = typeof argument.value === 'string' ? argument.value : ''
  const context = optionalObject(scope.params, 'context')
  const contextArgs = (optionalObject(context ?? {}, 'arguments') ?? {}) as Record<string, string>
  const { registry } = scope.core
  let completer: Completer | undefined
  if (ref.type === 'ref/prompt') {
    const name = requireString(ref, 'name')
    const prompt = registry.prompts.get(name)
    if (!prompt) throw invalidParams(`Unknown prompt: ${name}`, 'ref.name')
    completer = prompt.definition.complete?.[argName]
  } else if (ref.type === 'ref/resource') {
    const uri = requireString(ref, 'uri')
    const template = registry.templates.get(uri)
    if (!template && !registry.resources.has(uri))
      throw invalidParams(`Unknown resource template: ${uri}`, 'ref.uri')
    completer = template?.definition.complete?.[argName]
  } else {
    throw invalidParams('must be ref/prompt or ref/resource', 'ref.type')
  }
  const all = completer ? await completer(value, { arguments: contextArgs }, new HandlerContext(scope)) : []
  const values = all.slice(0, MAX_VALUES)
  return { completion: { values, total: all.length, hasMore: all.length > values.length } }
}
