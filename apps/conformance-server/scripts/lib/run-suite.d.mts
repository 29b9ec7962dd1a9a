/** A scenario the requirement set lists but does not score (extensions, pending). */
export interface Outcome {
  name: string
  reason?: string
  status: 'pass' | 'fail' | 'missing'
  counts: Record<'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO', number>
  failures: Array<{ id: string; message: string }>
}

/** The verdict on one target (a requirement set or a scenario), as the runner writes it with `--json`. */
export interface Summary {
  label: string
  ok: boolean
  passedScenarios: number
  totalScenarios: number
  checks: Record<'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO', number>
  failures: Array<{ scenario: string; id: string; message: string }>
  warnings: Array<{ scenario: string; id: string; message: string }>
  problems: string[]
  notScored: Outcome[]
  cliExitCode: number
}

/** Runs scripts/run-conformance.mjs with `args` in `cwd`: the summaries it wrote, and its stdout. */
export function runSuite(
  args: string[],
  options: { cwd: string },
): Promise<{ summaries: Summary[]; stdout: string }>

/** A 2026-07-28 `server/discover` POST to `url` (times out after 2 s unless `signal` says otherwise). */
export function discover(url: string, signal?: AbortSignal): Promise<Response>
