#!/usr/bin/env node
import { run } from './run.js'

const code = await run(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
  terminal: process.stderr.isTTY === true && process.stdin.isTTY === true,
})
process.exitCode = code
