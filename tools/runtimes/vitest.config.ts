import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    // One runtime at a time: each runs the whole conformance suite, and the machine has 2 cores.
    fileParallelism: false,
    // Hang guards only; no verdict depends on them.
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
})
