import { sourceAliases } from '@edgemcp/test-helpers/vitest-source'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: sourceAliases() },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
})
