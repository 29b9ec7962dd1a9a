#!/usr/bin/env node
// Run the official MCP conformance suite in CLIENT mode against the conformance client and print verdicts.
//
//   node scripts/run-client-conformance.mjs [targets...] [options]
//
// Targets (repeatable; default: requirement sets 2025-11-25 and 2026-07-28, scored and not-scored client
// scenarios, plus the 2025-03-26 auth back-compat scenarios):
//   --requirements <revision>      a frozen requirement set's client leg
//   --scenario <name>@<version>    one scenario at a spec version
// Options:
//   --command <cmd>       the client command (default: node <this app>/dist/index.js)
//   --concurrency <n>     scenarios at a time (default 3: each is a CLI process, mock servers and a client)
//   --timeout <ms>        per-scenario hang guard passed to the CLI (default 120000)
//   --results <dir>       keep the CLI's output there (default: a temp dir, removed after)
//   --json <file>         write the summaries as JSON
//   --verbose             print every scenario's CLI output
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import {
  conformancePackageDir,
  loadRequirementSet,
  runCli,
} from '@edgemcp/conformance-server/conformance-cli'
import { findChecks, formatSummary, outcome, summarize } from './lib/outcome.mjs'
import { planTargets, pool } from './lib/plan.mjs'

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const { values: opts } = parseArgs({
  options: {
    requirements: { type: 'string', multiple: true, default: [] },
    scenario: { type: 'string', multiple: true, default: [] },
    command: { type: 'string', default: `${process.execPath} ${path.join(appDir, 'dist', 'index.js')}` },
    concurrency: { type: 'string', default: '3' },
    timeout: { type: 'string', default: '120000' },
    results: { type: 'string' },
    json: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
})

const log = (line) => process.stdout.write(`${line}\n`)
const oneLine = (text) => String(text).replace(/\s+/g, ' ').trim().slice(0, 300)

async function main() {
  const pkgDir = conformancePackageDir()
  const targets = planTargets({ requirements: opts.requirements, scenarios: opts.scenario }, (revision) =>
    loadRequirementSet(revision, pkgDir, 'client'),
  )
  const root = opts.results
    ? path.resolve(opts.results)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-client-conformance-'))
  const runs = targets.flatMap((target, t) =>
    target.runs.map((run, r) => ({ ...run, target: t, dir: path.join(root, `${t}-${r}`) })),
  )
  log(`conformance client mode: ${runs.length} scenario runs, ${opts.concurrency} at a time`)
  const outcomes = await pool(runs, Number(opts.concurrency), async (run) => {
    fs.mkdirSync(run.dir, { recursive: true })
    const args = [
      'client',
      '--command',
      opts.command,
      '--scenario',
      run.scenario,
      '--spec-version',
      run.specVersion,
    ]
    args.push('--force', '-o', run.dir, '--timeout', opts.timeout)
    const result = await runCli(args, { pkgDir })
    fs.writeFileSync(path.join(run.dir, 'cli-output.txt'), result.output)
    if (opts.verbose) log(result.output)
    const [file] = findChecks(run.dir)
    const checks = file ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined
    const o = outcome(run, checks, result.code)
    log(
      `  ${o.status === 'pass' ? 'ok  ' : o.status.toUpperCase()} ${run.scenario} @ ${run.specVersion}${run.scored ? '' : ` (not scored: ${run.reason})`}`,
    )
    return { ...o, target: run.target }
  })
  const summaries = targets.map((target, t) =>
    summarize(
      target.label,
      outcomes.filter((o) => o.target === t),
    ),
  )
  log('')
  for (const s of summaries) {
    log(formatSummary(s))
    for (const o of [...s.failing, ...s.notScored.filter((n) => n.status !== 'pass')]) {
      log(`    ${o.scored ? 'FAIL' : 'not scored'} ${o.name}: ${o.status}`)
      for (const f of o.failures) log(`      [${f.id}] ${oneLine(f.message)}`)
      for (const p of o.problems) log(`      ${p}`)
    }
  }
  if (opts.json) fs.writeFileSync(path.resolve(opts.json), `${JSON.stringify(summaries, null, 2)}\n`)
  if (opts.results) log(`results kept in ${root}`)
  else fs.rmSync(root, { recursive: true, force: true })
  return summaries.every((s) => s.ok) ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`run-client-conformance: ${error instanceof Error ? error.stack : String(error)}\n`)
    process.exit(2)
  },
)
