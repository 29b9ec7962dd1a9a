// Module resolve hook (runs on the loader thread): redirect `fs` / `node:fs` to fs-with-glob.mjs.
const wrapperUrl = new URL('./fs-with-glob.mjs', import.meta.url).href

export async function resolve(specifier, context, nextResolve) {
  if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL !== wrapperUrl) {
    return { url: wrapperUrl, shortCircuit: true }
  }
  return nextResolve(specifier, context)
}
