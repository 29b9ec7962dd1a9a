import { sourceAliases } from '@edgemcp/test-helpers/vitest-source'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // Sibling packages (and conformance-server's fixtures) from their sources: in-process tests run without a
  // build and load core once (issue #21). The tests that run the CLI (bin/edgemcp-codegen.js, through
  // test/support/cli.ts: cli, auth, connect, http-errors, package, round-trip*) or type-check generated code
  // against the packages' published types use the built packages, as users do: those need `npm run build`
  // first (turbo builds before `test`).
  resolve: { alias: sourceAliases() },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'threads',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
