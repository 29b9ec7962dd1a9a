import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { discover, runSuite, type Summary } from '@edgemcp/conformance-server/run-suite'
import { expectEveryScoredScenarioPassed } from '@edgemcp/test-helpers'
import { bundleWorker, groupAlive, startWranglerDev, type WranglerDev } from '@edgemcp/tools-wrangler-dev'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The official conformance suite (@modelcontextprotocol/conformance, driven by the runner of
 * apps/conformance-server) against the conformance fixtures on @edgemcp/workers under `wrangler dev`.
 * No expected-failures list: every scored scenario of each target must pass.
 */

const appDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..')

let tmp: string
let dev: WranglerDev | undefined

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'edgemcp-conformance-worker-'))
  // Bundled once, so the server under test is fixed for the whole run: `wrangler dev` on the sources would
  // rebuild whenever a workspace package's dist changes. Ready once it answers server/discover on /mcp.
  const script = await bundleWorker({ cwd: appDir, outDir: path.join(tmp, 'bundle') })
  dev = await startWranglerDev({
    cwd: appDir,
    config: path.join(appDir, 'wrangler.jsonc'),
    script,
    bundle: false,
    persistTo: path.join(tmp, 'state'),
    vars: { MCP_MRTR_SECRET: randomBytes(32).toString('hex') },
    path: '/mcp',
    probe: discover,
  })
}, 120_000)

afterAll(async () => {
  await dev?.stop()
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
}, 30_000)

/** Runs the runner against the Worker for `targets`; the summaries it wrote, and its stdout. */
async function conformance(targets: string[]): Promise<{ summaries: Summary[]; stdout: string }> {
  const { summaries, stdout } = await runSuite(['--url', dev?.url as string, ...targets], { cwd: appDir })
  // The per-set verdicts (pass counts) in the test output.
  for (const s of summaries) console.log(stdout.split('\n').find((l) => l.includes(`${s.label}:`)))
  return { summaries, stdout }
}

/** Every scored scenario passed, and nothing else went wrong. */
function expectAllPassed(s: Summary, stdout: string): void {
  expectEveryScoredScenarioPassed(s, stdout)
  expect(s.checks.FAILURE, s.label).toBe(0)
}

/** Not scored, but passing on Node, so kept passing here: all but extensions we do not implement. */
function notScoredFailing(s: Summary): string[] {
  return s.notScored
    .filter((o) => (o.reason !== 'extension' || o.name.startsWith('tasks-')) && o.status !== 'pass')
    .map((o) => `${o.name} ${JSON.stringify(o.failures)}`)
}

/** The scenarios of the tasks extension (SEP-2663) in the suite. */
const TASKS_SCENARIOS = [
  'tasks-capability-negotiation',
  'tasks-dispatch-and-envelope',
  'tasks-lifecycle',
  'tasks-mrtr-composition',
  'tasks-mrtr-input',
  'tasks-request-headers',
  'tasks-request-state-removal',
  'tasks-required-task-error',
  'tasks-status-notifications',
  'tasks-wire-fields',
]

describe('the conformance Worker under wrangler dev', () => {
  it('serves 2026-07-28 from the Worker (sanity check before the suite)', async () => {
    const r = await discover(dev?.url as string)
    expect(r.status).toBe(200)
    const body = (await r.json()) as { result: { supportedVersions: string[] } }
    expect(body.result.supportedVersions).toEqual(expect.arrayContaining(['2025-11-25', '2026-07-28']))
  })

  it('passes every scored scenario of server --requirements 2025-11-25', async () => {
    const { summaries, stdout } = await conformance(['--requirements', '2025-11-25'])
    expect(
      summaries.map((s) => s.label),
      stdout,
    ).toEqual(['requirements 2025-11-25'])
    const [s] = summaries as [Summary]
    expectAllPassed(s, stdout)
    expect(s.totalScenarios).toBe(30)
    expect(notScoredFailing(s)).toEqual([])
  }, 180_000)

  it('passes every scored scenario of server --requirements 2026-07-28', async () => {
    const { summaries, stdout } = await conformance(['--requirements', '2026-07-28'])
    expect(
      summaries.map((s) => s.label),
      stdout,
    ).toEqual(['requirements 2026-07-28'])
    const [s] = summaries as [Summary]
    expectAllPassed(s, stdout)
    expect(s.totalScenarios).toBe(37)
    expect(notScoredFailing(s)).toEqual([])
  }, 180_000)

  it('passes dns-rebinding-protection at both revisions', async () => {
    const { summaries, stdout } = await conformance([
      '--scenario',
      'dns-rebinding-protection@2025-11-25',
      '--scenario',
      'dns-rebinding-protection@2026-07-28',
    ])
    expect(
      summaries.map((s) => s.label),
      stdout,
    ).toEqual([
      'scenario dns-rebinding-protection @ 2025-11-25',
      'scenario dns-rebinding-protection @ 2026-07-28',
    ])
    for (const s of summaries) {
      expectAllPassed(s, stdout)
      expect(s.checks.SUCCESS, s.label).toBeGreaterThanOrEqual(2)
    }
  }, 60_000)

  it('passes every sep-2640 skills scenario, the skills fetched from static assets', async () => {
    const scenarios = ['sep-2640-skills-enumeration', 'sep-2640-skills-directory', 'sep-2640-skills-manifest']
    const targets = scenarios.flatMap((s) => ['--scenario', `${s}@2026-07-28`])
    const { summaries, stdout } = await conformance(['--force', ...targets])
    expect(
      summaries.map((s) => s.label),
      stdout,
    ).toEqual(scenarios.map((s) => `scenario ${s} @ 2026-07-28`))
    for (const s of summaries) {
      expectAllPassed(s, stdout)
      expect(s.checks.WARNING + s.checks.SKIPPED, s.label).toBe(0)
    }
  }, 120_000)

  it('passes every tasks-* scenario, the tasks stored and run in the task Durable Object', async () => {
    const targets = TASKS_SCENARIOS.flatMap((s) => ['--scenario', `${s}@2026-07-28`])
    const { summaries, stdout } = await conformance(['--force', ...targets])
    expect(
      summaries.map((s) => s.label),
      stdout,
    ).toEqual(TASKS_SCENARIOS.map((s) => `scenario ${s} @ 2026-07-28`))
    for (const s of summaries) expectAllPassed(s, stdout)
    // Each checked something, but the notifications one: the suite skips it by itself (as on Node).
    const checked = summaries.filter((s) => s.checks.SUCCESS > 0).map((s) => s.label)
    expect(checked).toEqual(
      TASKS_SCENARIOS.filter((s) => s !== 'tasks-status-notifications').map(
        (s) => `scenario ${s} @ 2026-07-28`,
      ),
    )
  }, 180_000)

  it('stops wrangler and workerd completely (no process of the group is left)', async () => {
    const running = dev as WranglerDev
    expect(groupAlive(running.pgid)).toBe(true)
    await running.stop()
    expect(groupAlive(running.pgid)).toBe(false)
    dev = undefined
  }, 30_000)
})
