import { cloudflareTest } from '@cloudflare/vitest-pool-workers'
import { sourceAliases } from '@edgemcp/test-helpers/vitest-source'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      // Sibling packages from their sources: tested without a build, and loaded once (issue #21). One file reads
      // auth's own build: test/runtime-neutral.test.ts checks what dist/ imports, so it needs `npm run build`.
      {
        resolve: { alias: sourceAliases() },
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'test/*.test.ts', 'test/client/**/*.test.ts'],
          pool: 'threads',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // The OAuth client's built output inside workerd (the Workers runtime): it imports dist/ on purpose (what
      // users get), so this project needs a build and takes no source aliases.
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
