import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // Hang guards only (npm installs, C3 and wrangler on a loaded machine); no verdict depends on them.
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
})
