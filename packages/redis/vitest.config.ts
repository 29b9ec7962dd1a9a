import { sourceAliases } from '@edgemcp/test-helpers/vitest-source'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // Sibling packages from their sources: tested without a build, and loaded once (issue #21). One exception:
  // test/failures.test.ts kills and restarts instances in child processes (test/support/instance-main.mjs),
  // which run the built packages, so that file needs `npm run build` first (turbo builds before `test`).
  resolve: { alias: sourceAliases() },
  test: { include: ['src/**/*.test.ts', 'test/**/*.test.ts'], pool: 'forks', testTimeout: 30_000 },
})
