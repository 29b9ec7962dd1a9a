#!/usr/bin/env node
// The conformance client: `MCP_CONFORMANCE_SCENARIO=<name> node dist/index.js <server-url>`, as the official
// suite runs it (`conformance client --command "node dist/index.js" ...`). Exit code 0: the scenario's
// client side completed; 1: it failed (the message says why).
import { runAuthScenario } from './auth.js'
import { readRun } from './context.js'
import { scenarioHandler } from './scenarios.js'

async function main(): Promise<void> {
  const run = readRun(process.argv, process.env)
  const handler = run.scenario.startsWith('auth/') ? runAuthScenario : scenarioHandler(run.scenario)
  await handler(run)
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exit(1)
  },
)
