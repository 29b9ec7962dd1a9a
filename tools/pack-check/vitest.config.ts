import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // The machine has 2 cores (vitest would use one worker): the two consumer variants run side by side, much
    // of their time spent in npm installs, child processes and wrangler dev.
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts'], pool: 'threads' } },
      {
        test: {
          name: 'packed',
          include: ['test/**/*.test.ts'],
          pool: 'forks',
          // Packs every published package once for the three files (the tarballs, two consumer variants).
          globalSetup: ['./test/global-setup.ts'],
          // Hang guards only (installs and wrangler dev on a loaded machine); no verdict depends on them.
          testTimeout: 600_000,
          hookTimeout: 900_000,
        },
      },
    ],
  },
})
