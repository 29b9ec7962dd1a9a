#!/usr/bin/env node
// Run the official MCP conformance suite against a server command and print one verdict per target.
//
//   node scripts/run-conformance.mjs --server "node dist/server.js" [targets...] [options]
//
// Targets (repeatable; default: both requirement sets plus dns-rebinding-protection at both revisions):
//   --requirements <revision>        a frozen requirement set, e.g. 2025-11-25 or 2026-07-28
//   --scenario <name>[@<version>]    one scenario, optionally at a spec version (--spec-version)
// Options:
//   --server <command>    started with env PORT (also CONFORMANCE_SERVER_CMD); omit to test a running --url
//   --cwd <dir>           working directory for the server command (default: current directory)
//   --url <url>           endpoint to test (default http://127.0.0.1:<PORT>/mcp; PORT is a free port)
//   --port <n>  --path </mcp>   pieces of the default URL
//   --timeout <ms>        per-scenario timeout passed to the CLI     --ready-timeout <ms> (default 20000)
//   --results <dir>       keep the CLI's checks.json files there (default: a temp dir, removed after)
//   --json <file>         write the summaries as JSON
//   --fail-on-warnings    WARNING checks in decisive scenarios also fail the run
//   --fail-on-not-scored  failures in not-scored scenarios (extensions, pending) also fail the run
//   --force               run --scenario targets even where the CLI deems them not applicable at their
//                         spec version (extension scenarios: sep-2640-*, tasks-*)
//   --verbose             stream server and CLI output
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import {
  cliArgsForTarget,
  conformancePackageDir,
  conformanceVersion,
  loadRequirementSet,
  runCli,
} from './lib/conformance-cli.mjs'
import { formatSummaryLine, readScenarioChecks, summarizeTarget } from './lib/results.mjs'
import { freePort, startServer, stopServer, waitForHttp } from './lib/server-process.mjs'
import { parseTargets } from './lib/targets.mjs'

const { values: opts } = parseArgs({
  options: {
    server: { type: 'string' },
    cwd: { type: 'string' },
    url: { type: 'string' },
    port: { type: 'string' },
    path: { type: 'string', default: '/mcp' },
    requirements: { type: 'string', multiple: true },
    scenario: { type: 'string', multiple: true },
    timeout: { type: 'string' },
    'ready-timeout': { type: 'string', default: '20000' },
    results: { type: 'string' },
    json: { type: 'string' },
    'fail-on-warnings': { type: 'boolean', default: false },
    'fail-on-not-scored': { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})

if (opts.help) {
  const lines = fs
    .readFileSync(new URL(import.meta.url), 'utf8')
    .split('\n')
    .slice(1)
  const end = lines.findIndex((l) => !l.startsWith('//'))
  console.log(
    lines
      .slice(0, end)
      .map((l) => l.replace(/^\/\/ ?/, ''))
      .join('\n'),
  )
  process.exit(0)
}

const log = (line) => process.stdout.write(`${line}\n`)
const serverCommand = opts.server ?? process.env.CONFORMANCE_SERVER_CMD
let server
let exiting = false

async function shutdown(code) {
  if (exiting) return
  exiting = true
  if (server) await stopServer(server)
  process.exit(code)
}
process.on('SIGINT', () => void shutdown(130))
process.on('SIGTERM', () => void shutdown(143))

async function main() {
  const targets = parseTargets(opts.requirements, opts.scenario)
  const pkgDir = conformancePackageDir()
  const port = opts.url ? new URL(opts.url).port : (opts.port ?? String(await freePort()))
  const url = opts.url ?? `http://127.0.0.1:${port}${opts.path}`
  if (!serverCommand && !opts.url)
    throw new Error('give --server <command> (or CONFORMANCE_SERVER_CMD) or --url')
  const resultsRoot = opts.results
    ? path.resolve(opts.results)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-conformance-'))
  log(`conformance ${conformanceVersion(pkgDir)} -> ${url}`)

  if (serverCommand) {
    server = startServer(serverCommand, {
      env: { PORT: port },
      cwd: opts.cwd ? path.resolve(opts.cwd) : process.cwd(),
      onOutput: opts.verbose ? (t) => process.stderr.write(`[server] ${t}`) : undefined,
    })
    log(`started server pid ${server.pid}: ${serverCommand}`)
    try {
      await waitForHttp(url, { timeoutMs: Number(opts['ready-timeout']), exited: server.exited })
    } catch (error) {
      log(server.output())
      throw error
    }
  }

  const summaries = []
  for (const [index, target] of targets.entries()) {
    const outputDir = path.join(resultsRoot, `${index + 1}-${target.label.replace(/[^\w.@-]+/g, '_')}`)
    fs.mkdirSync(outputDir, { recursive: true })
    const args = cliArgsForTarget(target, { url, outputDir, timeoutMs: opts.timeout, force: opts.force })
    const run = await runCli(args, {
      pkgDir,
      onOutput: opts.verbose ? (t) => process.stdout.write(t) : undefined,
    })
    fs.writeFileSync(path.join(outputDir, 'cli-output.txt'), run.output)
    const requirementSet =
      target.kind === 'requirements' ? loadRequirementSet(target.revision, pkgDir) : undefined
    const summary = summarizeTarget({
      label: target.label,
      scored: requirementSet ? requirementSet.scored : [target.scenario],
      notScored: requirementSet ? requirementSet.notScored : [],
      checksByScenario: readScenarioChecks(outputDir),
      cliExitCode: run.code,
    })
    summary.ok = judge(summary)
    summaries.push(summary)
    printDetails(summary)
  }

  log('')
  for (const s of summaries) log(formatSummaryLine(s))
  if (opts.json) fs.writeFileSync(path.resolve(opts.json), `${JSON.stringify(summaries, null, 2)}\n`)
  if (opts.results) log(`results kept in ${resultsRoot}`)
  else fs.rmSync(resultsRoot, { recursive: true, force: true })
  return summaries.every((s) => s.ok) ? 0 : 1
}

function judge(s) {
  if (!s.ok) return false
  if (opts['fail-on-warnings'] && s.warnings.length > 0) return false
  if (opts['fail-on-not-scored'] && s.notScored.some((o) => o.status !== 'pass')) return false
  return true
}

function printDetails(s) {
  log(formatSummaryLine(s))
  for (const f of s.failures) log(`    FAIL ${f.scenario} [${f.id}] ${oneLine(f.message)}`)
  for (const w of s.warnings) log(`    WARN ${w.scenario} [${w.id}] ${oneLine(w.message)}`)
  for (const p of s.problems) log(`    PROBLEM ${p}`)
  for (const o of s.notScored.filter((n) => n.status !== 'pass')) {
    log(`    not scored (${o.reason}): ${o.name} ${o.failures.length} failing check(s)`)
  }
}

function oneLine(text) {
  const flat = String(text).replace(/\s+/g, ' ').trim()
  return flat.length > 300 ? `${flat.slice(0, 297)}...` : flat
}

main().then(
  (code) => shutdown(code),
  (error) => {
    process.stderr.write(`run-conformance: ${error instanceof Error ? error.message : String(error)}\n`)
    void shutdown(2)
  },
)
