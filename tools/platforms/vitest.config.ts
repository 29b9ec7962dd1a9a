import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    // The machine has 2 cores and `next build` takes one for itself: the files run one after another.
    fileParallelism: false,
    // Hang guards only (a runtime starting on a loaded machine, next build); no verdict depends on them.
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
})
