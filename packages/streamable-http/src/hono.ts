// hono is an optional peer dependency (issue 33): only the Hono apps need it (`createMcpHandler` here,
// `createAutoHandler` and `createSseHandler` of @edgemcp/sse). Everything else (the fetch handlers, the
// client, all that @edgemcp/workers bundles) works without hono installed, so it is loaded here, once, and
// only what builds a Hono app imports this module: a bundler that sees no Hono app in use drops the module
// (the package has no side effects), and hono with it. The declarations that name Hono's types are marked
// `@ts-ignore` at build (scripts/optional-peer-types.mjs), so that a project without hono type-checks too.
import type { Hono } from 'hono/tiny'

let tiny: typeof import('hono/tiny') | undefined
let missing: unknown
try {
  tiny = await import('hono/tiny')
} catch (error) {
  missing = error
}

/** A new Hono app (`hono/tiny`), or an error saying that `api` needs the hono package. */
export function newHono(api: string): Hono {
  if (tiny === undefined)
    throw new Error(`${api} returns a Hono app: install the hono package (npm i hono, 4.13 or later)`, {
      cause: missing,
    })
  return new tiny.Hono()
}
