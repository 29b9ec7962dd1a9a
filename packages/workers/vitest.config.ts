import { cloudflareTest } from '@cloudflare/vitest-pool-workers'
import { sourceAliases } from '@edgemcp/test-helpers/vitest-source'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      // Unit and integration tests run inside workerd (the Workers runtime) with the fixture Worker and its
      // Durable Objects. Sibling packages from their sources: tested without a build, loaded once (issue #21).
      {
        resolve: { alias: sourceAliases() },
        plugins: [
          cloudflareTest({
            main: './test/fixtures/worker.ts',
            wrangler: { configPath: './test/fixtures/wrangler.jsonc' },
          }),
        ],
        // The timeout is a hang guard: a loaded machine must not turn a slow test red.
        test: { name: 'workerd', include: ['src/**/*.test.ts', 'test/*.test.ts'], testTimeout: 60_000 },
      },
      // Checks of the built output, in Node.
      { test: { name: 'node', include: ['test/node/**/*.test.ts'], pool: 'threads' } },
    ],
  },
})
