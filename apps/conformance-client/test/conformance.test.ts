import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

/**
 * The official conformance suite in client mode against dist/index.js (turbo builds it before `test`): both
 * frozen requirement sets with their not-scored scenarios (extensions, json-schema-2020-12-preservation) and
 * the 2025-03-26 back-compat scenarios. No expected-failures list: every scenario must pass.
 */

interface Outcome {
  name: string
  status: string
  reason?: string
  failures: Array<{ id: string; message: string }>
  problems: string[]
}
interface Summary {
  label: string
  ok: boolean
  passedScenarios: number
  totalScenarios: number
  failing: Outcome[]
  notScored: Outcome[]
}

const appDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)))

describe('official conformance suite, client mode', () => {
  it('passes 18/18 scored scenarios of 2025-11-25, 32/32 of 2026-07-28, every not-scored one and the back-compat ones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-conformance-'))
    const json = path.join(dir, 'summary.json')
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [path.join(appDir, 'scripts/run-client-conformance.mjs'), '--json', json],
        { cwd: appDir, maxBuffer: 32 * 1024 * 1024 },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }))
      const summaries = JSON.parse(fs.readFileSync(json, 'utf8')) as Summary[]
      const byLabel = Object.fromEntries(summaries.map((s) => [s.label, s]))
      expect(
        summaries.map((s) => s.label),
        stdout,
      ).toEqual([
        'requirements 2025-11-25',
        'requirements 2026-07-28',
        'scenario auth/2025-03-26-oauth-metadata-backcompat @ 2025-03-26',
        'scenario auth/2025-03-26-oauth-endpoint-fallback @ 2025-03-26',
      ])
      const failing = summaries.flatMap((s) =>
        [...s.failing, ...s.notScored.filter((o) => o.status !== 'pass')].map(
          (o) => `${s.label}: ${o.name} ${JSON.stringify([...o.failures, ...o.problems])}`,
        ),
      )
      expect(failing, stdout).toEqual([])
      expect(byLabel['requirements 2025-11-25']).toMatchObject({ passedScenarios: 18, totalScenarios: 18 })
      expect(byLabel['requirements 2026-07-28']).toMatchObject({ passedScenarios: 32, totalScenarios: 32 })
      // The not-scored client scenarios of each set ran: six auth extensions and json-schema-2020-12-preservation.
      for (const s of summaries.slice(0, 2))
        expect(s.notScored.map((o) => o.name).sort(), s.label).toHaveLength(7)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 900_000)
})
