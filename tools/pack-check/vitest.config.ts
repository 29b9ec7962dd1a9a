import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // One file at a time: the consumer test installs, type-checks and starts servers, and the machine has 2 cores.
    fileParallelism: false,
    // Hang guards only (installs and wrangler dev on a loaded machine); no verdict depends on them.
    testTimeout: 600_000,
    hookTimeout: 900_000,
  },
})
