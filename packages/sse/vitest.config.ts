import { sourceAliases } from '@edgemcp/test-helpers/vitest-source'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // Sibling packages from their sources: tested without a build, and loaded once (issue #21).
  resolve: { alias: sourceAliases() },
  // forks + --expose-gc: the memory test measures the heap after a full GC.
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    execArgv: ['--expose-gc'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
