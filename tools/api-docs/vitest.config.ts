import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // Hang guards only: TypeDoc builds a TypeScript program per package.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
})
