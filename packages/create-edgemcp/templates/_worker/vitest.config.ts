import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['@edgemcp/testing/vitest-setup'],
    // Starts `wrangler dev` on a free port for the run (test/wrangler-dev.ts) and stops it afterwards.
    globalSetup: ['./test/wrangler-dev.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
