import { sourceAliases } from '@edgemcp/test-helpers/vitest-source'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // Sibling packages from their sources: tested without a build, and loaded once (issue #21).
  resolve: { alias: sourceAliases() },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'threads',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
