import { sourceAliases } from '@edgemcp/test-helpers/vitest-source'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // Sibling packages from their sources: the in-process Node server of the tests runs without a build and
  // loads core once (issue #21). The browser test also serves apps/worker-server under wrangler dev, whose
  // bundle takes the built packages (wrangler resolves their exports to dist/): it needs `npm run build` first.
  resolve: { alias: sourceAliases() },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 600_000, // a hang guard: wrangler dev of apps/worker-server waits for that directory's lock
  },
})
