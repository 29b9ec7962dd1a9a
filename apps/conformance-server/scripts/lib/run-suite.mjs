// The runner (scripts/run-conformance.mjs) as a function, for tests: runs it with `--json` into a temp file
// and hands back the summaries it wrote plus its stdout. A failing run does not throw: the summaries say why.
// Also the `server/discover` probe the conformance tests use.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const runner = fileURLToPath(new URL('../run-conformance.mjs', import.meta.url))

export async function runSuite(args, { cwd }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edgemcp-conformance-'))
  const jsonFile = path.join(dir, 'summary.json')
  try {
    const result = await promisify(execFile)(process.execPath, [runner, ...args, '--json', jsonFile], {
      cwd,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error) => ({ stdout: error.stdout ?? '' }))
    const summaries = fs.existsSync(jsonFile) ? JSON.parse(fs.readFileSync(jsonFile, 'utf8')) : []
    return { summaries, stdout: result.stdout }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * A 2026-07-28 `server/discover` POST to `url`: the probe both conformance tests use to see a server is up.
 * The default timeout is a hang guard only: a loaded machine may take seconds to answer the first request.
 */
export function discover(url, signal = AbortSignal.timeout(30_000)) {
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  }
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'server/discover',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta } }),
    signal,
  })
}
