// Entry for `node --import`: lets the conformance CLI (built for Node 22) run on Node 20.
// Node 20's `fs` has no `globSync`, and builtin ESM facades cannot gain new named exports at
// runtime, so we register a resolve hook that swaps `fs`/`node:fs` for a wrapper module that
// re-exports the real one plus a small `globSync`. On Node >= 22 this is a no-op.
import fs from 'node:fs'
import { register } from 'node:module'

if (typeof fs.globSync !== 'function') {
  register('./fs-glob-hooks.mjs', import.meta.url)
}
