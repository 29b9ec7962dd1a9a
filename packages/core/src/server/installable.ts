import type { ServerEngine } from './engine.js'

/** How an extension object of a server's options installs itself on the server's engine. */
type Install = (engine: ServerEngine) => void

const installers = new WeakMap<object, Install>()

/**
 * Makes `extension` an object a server's options accept (`tasks: taskExtension(…)`): `install` runs when a
 * server is built with it and adds what the extension brings through `extendServer`. The object stays opaque
 * to users, and the engine carries none of the extension's code.
 */
export function installable<T extends object>(extension: T, install: Install): T {
  installers.set(extension, install)
  return extension
}

/** Installs an extension object of a server's options; throws `misplaced` for one no extension module made. */
export function installExtension(engine: ServerEngine, extension: object, misplaced: string): void {
  const install = installers.get(extension)
  if (!install) throw new TypeError(misplaced)
  install(engine)
}
