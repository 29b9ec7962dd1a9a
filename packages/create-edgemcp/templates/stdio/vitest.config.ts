import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['@edgemcp/testing/vitest-setup'],
    testTimeout: 30_000,
  },
})
