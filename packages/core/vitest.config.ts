import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'threads',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Type tests (`*.test-d.ts`): tsc checks them inside `vitest run`, so a wrong inferred type fails the run.
    typecheck: { enabled: true, include: ['test/types/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
})
