import { execFile, spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expectEveryScoredScenarioPassed } from '@edgemcp/test-helpers'
import { beforeAll, describe, expect, it } from 'vitest'
import { discover, runSuite } from '../scripts/lib/run-suite.mjs'

/**
 * The real thing: the official conformance suite (@modelcontextprotocol/conformance, run by
 * scripts/run-conformance.mjs) against the built server, for both requirement sets and dns-rebinding
 * protection at both revisions. No expected-failures file: every scored scenario must pass.
 */

const run = promisify(execFile)
const pkgDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const serverJs = path.join(pkgDir, 'dist', 'server.js')

beforeAll(async () => {
  // The suite runs dist/: build it from the current sources (turbo also builds before `test`).
  await run(
    process.execPath,
    [path.join(pkgDir, '../../node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
    {
      cwd: pkgDir,
    },
  )
}, 60_000)

describe('dist/server.js', () => {
  it('serves /mcp on 127.0.0.1:$PORT and exits cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [serverJs], {
      cwd: pkgDir,
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    let out = ''
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(out)
        if (m?.[1]) resolve(m[1])
      })
      child.once('exit', () => reject(new Error(`server exited early: ${out}`)))
    })
    const res = await discover(url)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { result: { supportedVersions: string[] } }
    expect(body.result.supportedVersions).toContain('2026-07-28')
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  }, 90_000)
})

describe('official conformance suite', () => {
  it('passes every scored scenario of 2025-11-25, 2026-07-28 and dns-rebinding-protection', async () => {
    const { summaries, stdout } = await runSuite(['--server', 'node dist/server.js'], { cwd: pkgDir })
    expect(
      summaries.map((s) => s.label),
      stdout,
    ).toEqual([
      'requirements 2025-11-25',
      'requirements 2026-07-28',
      'scenario dns-rebinding-protection @ 2025-11-25',
      'scenario dns-rebinding-protection @ 2026-07-28',
    ])
    for (const s of summaries) expectEveryScoredScenarioPassed(s, stdout)
    expect(summaries[0]?.totalScenarios).toBe(30)
    expect(summaries[1]?.totalScenarios).toBe(37)
    // Not scored, but ours to keep passing: everything except extensions we do not implement. The tasks
    // extension (SEP-2663, issue 17) is ours: all ten tasks-* scenarios of 2026-07-28 run and pass.
    const notScored = summaries.flatMap((s) => s.notScored.map((o) => ({ ...o, target: s.label })))
    expect(notScored.length).toBeGreaterThan(0)
    const ours = (o: { name: string; reason?: string | undefined }) =>
      o.reason !== 'extension' || o.name.startsWith('tasks-')
    const failing = notScored
      .filter((o) => ours(o) && o.status !== 'pass')
      .map((o) => `${o.target}: ${o.name} ${JSON.stringify(o.failures)}`)
    expect(failing).toEqual([])
    const tasks = notScored.filter(
      (o) => o.name.startsWith('tasks-') && o.target === 'requirements 2026-07-28',
    )
    expect(tasks.map((o) => o.name).sort()).toHaveLength(10)
    // Every tasks-* scenario but the notifications one (skipped by the suite itself) checked something.
    const checked = tasks.filter((o) => o.counts.SUCCESS > 0).map((o) => o.name)
    expect(checked).toHaveLength(9)
  }, 180_000)
})

/** The skills extension's scenarios (SEP-2640): not on the spec timeline, so forced at 2026-07-28. */
const SKILLS_SCENARIOS = [
  'sep-2640-skills-enumeration',
  'sep-2640-skills-directory',
  'sep-2640-skills-manifest',
]

describe('skills extension (SEP-2640)', () => {
  it('passes every sep-2640 server scenario, with no check failing, warning or skipped', async () => {
    const targets = SKILLS_SCENARIOS.flatMap((s) => ['--scenario', `${s}@2026-07-28`])
    const { summaries, stdout } = await runSuite(['--server', 'node dist/server.js', '--force', ...targets], {
      cwd: pkgDir,
    })
    expect(
      summaries.map((s) => s.label),
      stdout,
    ).toEqual(SKILLS_SCENARIOS.map((s) => `scenario ${s} @ 2026-07-28`))
    for (const s of summaries) {
      expect(s.failures, `${s.label}\n${stdout}`).toEqual([])
      expect(s.problems, s.label).toEqual([])
      expect(s.passedScenarios, s.label).toBe(1)
      expect(s.checks.SUCCESS, s.label).toBeGreaterThan(0)
      expect(s.checks.WARNING + s.checks.SKIPPED, s.label).toBe(0)
      expect(s.ok, s.label).toBe(true)
    }
  }, 120_000)
})
