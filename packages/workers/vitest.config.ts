import { cloudflareTest } from '@cloudflare/vitest-pool-workers'
import { defineConfig } from 'vitest/config'

// Every test runs inside workerd (the Workers runtime), with the fixture Worker and its Durable Objects.
export default defineConfig({
  plugins: [
    cloudflareTest({
      main: './test/fixtures/worker.ts',
      wrangler: { configPath: './test/fixtures/wrangler.jsonc' },
    }),
  ],
  test: { include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
})
