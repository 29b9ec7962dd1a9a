#!/usr/bin/env node
// Pass-through to the official conformance CLI (with the Node 20 fs.globSync shim when needed):
//   node scripts/conformance.mjs list --requirements 2026-07-28
//   node scripts/conformance.mjs server --url http://127.0.0.1:3000/mcp --scenario ping
import { spawn } from 'node:child_process'
import { cliNodeArgs } from './lib/conformance-cli.mjs'

const child = spawn(process.execPath, [...cliNodeArgs(), ...process.argv.slice(2)], { stdio: 'inherit' })
child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
