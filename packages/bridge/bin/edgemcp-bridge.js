#!/usr/bin/env node
// The bin is this committed file, not dist/cli.js: npm links a bin at install time only when its target exists,
// so a bin pointing into dist/ would not be linked in a fresh clone of the repository.
import { existsSync } from 'node:fs'

const cli = new URL('../dist/cli.js', import.meta.url)
if (!existsSync(cli)) {
  process.stderr.write(
    'edgemcp-bridge: this copy of @edgemcp/bridge is not built (dist/cli.js is missing): ' +
      'run `npm run build` at the repository root first\n',
  )
  process.exit(2)
}
await import(cli.href)
