import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { include: ['src/**/*.test.mjs', 'test/**/*.test.mjs'], pool: 'threads', testTimeout: 20_000 },
})
