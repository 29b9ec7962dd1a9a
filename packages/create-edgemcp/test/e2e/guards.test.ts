// The e2e's guards against running where it must not: the first e2e run, whose failed create left `npm test`
// running in this package, started itself again and again until the machine ran out of processes.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { assertScratch, GUARD, repoRoot, run } from './registry.js'

const here = fileURLToPath(new URL('../..', import.meta.url))

it('runs commands only in a temporary directory outside the repository', async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'create-edgemcp-guard-'))
  try {
    expect(() => assertScratch(scratch)).not.toThrow()
    for (const dir of [repoRoot, here, join(here, 'templates', 'node'), tmpdir()])
      expect(() => assertScratch(dir), dir).toThrow(/only in temporary directories/)
    expect(() => run('npm', ['test'], { cwd: here })).toThrow(/only in temporary directories/)
    expect(() => run('npm', ['test'], { cwd: repoRoot, inRepo: 'npm pack' })).toThrow(/only npm pack/)
    const r = await run(process.execPath, ['-e', `process.stdout.write(process.env.${GUARD} ?? 'unset')`], {
      cwd: scratch,
    })
    expect(r.output).toBe('1')
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
})

it('refuses to start inside itself', () => {
  const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs')
  const r = spawnSync(process.execPath, [vitest, 'run', 'test/e2e/e2e.test.ts'], {
    cwd: here,
    encoding: 'utf8',
    env: { ...process.env, [GUARD]: '1', CREATE_EDGEMCP_E2E_TEMPLATES: 'stdio' },
    timeout: 120_000,
  })
  expect(r.status).toBe(1)
  expect(r.stdout + r.stderr).toContain(`${GUARD} is set: the create-edgemcp e2e started from inside itself`)
  expect(r.stdout + r.stderr).not.toMatch(/npm pack|Created a/)
})
