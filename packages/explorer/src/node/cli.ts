#!/usr/bin/env node
import { parseArgs } from 'node:util'
import { startExplorerProxy } from './proxy.js'

const USAGE = `Usage:
  edgemcp-explorer <url> [--header "Name: value"]... [--no-oauth] [--port N]
  edgemcp-explorer --stdio "<command>" [--port N]

Serves the MCP explorer on 127.0.0.1 for any server: its tools, resources, prompts and apps.`

function fail(message: string): never {
  process.stderr.write(`edgemcp-explorer: ${message}\n\n${USAGE}\n`)
  process.exit(2)
}

function header(line: string): [string, string] {
  const i = line.indexOf(':')
  const name = line.slice(0, i).trim()
  if (i <= 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
    fail(`--header wants "Name: value", got "${line}"`)
  return [name, line.slice(i + 1).trim()]
}

let parsed: ReturnType<typeof parse>
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      stdio: { type: 'string' },
      header: { type: 'string', multiple: true },
      'no-oauth': { type: 'boolean' },
      port: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
}
try {
  parsed = parse()
} catch (e) {
  fail((e as Error).message)
}
const { values, positionals } = parsed
if (values.help) {
  process.stdout.write(`${USAGE}\n`)
  process.exit(0)
}
if (positionals.length > 1) fail(`one server at a time (got ${positionals.join(' ')})`)
const port = values.port === undefined ? 0 : Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`--port wants a port number, got ${values.port}`)
if (values.stdio !== undefined && values.header) fail('--header is for an HTTP server, not --stdio')
const headers = Object.fromEntries((values.header ?? []).map(header))

try {
  const proxy = await startExplorerProxy({
    url: positionals[0],
    stdio: values.stdio,
    headers,
    port,
    ...(values['no-oauth'] ? { oauth: false } : {}),
  })
  process.stdout.write(`MCP explorer for ${positionals[0] ?? values.stdio}: ${proxy.url}\n`)
  const quit = () => void proxy.close().then(() => process.exit(0))
  process.once('SIGINT', quit)
  process.once('SIGTERM', quit)
  proxy.client.onclose = () => {
    process.stderr.write('edgemcp-explorer: the server closed the connection\n')
    void proxy.close().then(() => process.exit(1))
  }
} catch (e) {
  process.stderr.write(`edgemcp-explorer: ${(e as Error).message}\n`)
  process.exit(1)
}
