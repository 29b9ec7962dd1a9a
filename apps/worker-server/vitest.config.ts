import { cloudflareTest } from '@cloudflare/vitest-pool-workers'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      // The app in workerd: its Worker, its Durable Objects (SQLite) and the tools, through SELF.fetch.
      {
        plugins: [
          cloudflareTest({
            main: './src/index.ts',
            wrangler: { configPath: './wrangler.jsonc' },
            miniflare: { bindings: { MCP_STATE_SECRET: 'test-only-secret' } },
          }),
        ],
        test: { name: 'workerd', include: ['src/**/*.test.ts', 'test/*.test.ts'] },
      },
      // End to end: `wrangler dev` on a free port, driven over real HTTP by McpClient.
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
})
