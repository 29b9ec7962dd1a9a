import type { AddedMethod, ServerExtension } from './core.js'
import type { ServerEngine } from './engine.js'
import { defineMethod } from './method-table.js'
import type { Registration } from './registry.js'

/**
 * Declares extension `id` on a server's engine (its `settings` go under `capabilities.extensions[id]`) and adds
 * its methods and its part in `tools/call`: the one way core's extension modules (`@edgemcp/core/skills`,
 * `@edgemcp/core/tasks`) plug in. A function of its own rather than an engine method, so that a server without
 * extensions carries none of it. `remove()` takes it all back.
 */
export function extendServer(engine: ServerEngine, id: string, extension: ServerExtension): Registration {
  const { settings = {}, methods = {}, callTool } = extension
  if (engine.extensions.has(id)) throw new Error(`extension "${id}" is already declared`)
  for (const name of Object.keys(methods))
    if (engine.methods.has(name)) throw new Error(`method "${name}" is already added by an extension`)
  if (callTool && engine.toolCallHook) throw new Error('another extension already takes part in tools/call')
  engine.extensions.set(id, settings)
  // Each method becomes an entry of the shape dispatch runs, made once here rather than per request.
  const added = Object.entries(methods).map(([name, method]): [string, AddedMethod] => [
    name,
    {
      ...defineMethod((scope) => method.run(scope), undefined, { cacheable: method.cacheable === true }),
      nameField: method.nameField,
    },
  ])
  for (const [name, entry] of added) engine.methods.set(name, entry)
  if (callTool) engine.toolCallHook = callTool
  engine.extensionsChanged()
  return {
    remove: () => {
      if (engine.extensions.get(id) !== settings) return
      engine.extensions.delete(id)
      for (const [name, entry] of added) if (engine.methods.get(name) === entry) engine.methods.delete(name)
      if (callTool && engine.toolCallHook === callTool) engine.toolCallHook = undefined
      engine.extensionsChanged()
    },
  }
}
