import { cloudflareTest } from '@cloudflare/vitest-pool-workers'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'test/*.test.ts', 'test/client/**/*.test.ts'],
          pool: 'threads',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // The OAuth client's built output inside workerd (the Workers runtime).
      {
        plugins: [
          cloudflareTest({
            main: './test/workerd/worker.ts',
            wrangler: { configPath: './test/workerd/wrangler.jsonc' },
          }),
        ],
        test: {
          name: 'workerd',
          include: ['test/workerd/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
