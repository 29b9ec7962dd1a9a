/**
 * The READMEs say the packages run on Node, Deno and Bun. Node is covered by apps/conformance-server; here the
 * same conformance app is served by Deno.serve and Bun.serve (binaries from the npm registry, devDependencies
 * of this package) and must pass the official suite as on Node: both requirement sets, every scored scenario,
 * and DNS-rebinding protection at both revisions. The auto endpoint's legacy HTTP+SSE must work on both too.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runSuite } from '@edgemcp/conformance-server/run-suite'
import { McpClient } from '@edgemcp/core'
import { SseClientTransport } from '@edgemcp/sse'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { afterEach, describe, expect, it } from 'vitest'

const pkgDir = dirname(dirname(fileURLToPath(import.meta.url)))
const resolve = createRequire(import.meta.url).resolve
const deno = join(dirname(resolve('@deno/linux-x64-glibc/package.json')), 'deno')
const bun = join(dirname(resolve('@oven/bun-linux-x64/package.json')), 'bin', 'bun')

const runtimes = [
  // No prompts, no update checks, no telemetry: deno as a user's server process would run it.
  {
    runtime: 'Deno',
    argv: [deno, 'run', '--allow-net', '--allow-env', '--allow-read', '--no-prompt', 'src/serve.ts'],
  },
  { runtime: 'Bun', argv: [bun, 'src/serve.ts'] },
]
const env = { ...process.env, DENO_NO_UPDATE_CHECK: '1', BUN_DISABLE_TELEMETRY: '1' }

const started: ChildProcess[] = []
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL')
})

/** Starts the runtime's server on a free port; resolves with its origin once it says it is listening. */
function startServer(argv: string[]): Promise<string> {
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: pkgDir,
    env: { ...env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  let out = ''
  return new Promise((resolve, reject) => {
    const read = (d: Buffer) => {
      out += String(d)
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (m?.[1]) resolve(m[1])
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code) => reject(new Error(`${argv[0]} exited (${code}):\n${out}`)))
  })
}

describe.each(runtimes)('the conformance app served by $runtime', ({ argv }) => {
  it('passes every scored scenario of 2025-11-25, 2026-07-28 and dns-rebinding-protection', async () => {
    const command = argv.map((a) => JSON.stringify(a)).join(' ')
    // The server's readiness wait is a hang guard (120 s): a loaded machine starts a runtime slowly.
    const { summaries, stdout } = await runSuite(['--server', command, '--ready-timeout', '120000'], {
      cwd: pkgDir,
    })
    expect(
      summaries.map((s: { label: string }) => s.label),
      stdout,
    ).toEqual([
      'requirements 2025-11-25',
      'requirements 2026-07-28',
      'scenario dns-rebinding-protection @ 2025-11-25',
      'scenario dns-rebinding-protection @ 2026-07-28',
    ])
    for (const s of summaries) {
      expect(s.failures, `${s.label}\n${stdout}`).toEqual([])
      expect(s.problems, s.label).toEqual([])
      expect(s.passedScenarios, s.label).toBe(s.totalScenarios)
      expect(s.ok, s.label).toBe(true)
    }
  })

  it('serves legacy HTTP+SSE (2024-11-05) and Streamable HTTP on the auto endpoint to a real client', async () => {
    const origin = await startServer(argv)
    const call = async (client: McpClient) => {
      const tools = await client.listAllTools()
      expect(tools.map((t) => t.name)).toContain('test_simple_text')
      const result = await client.callTool({ name: 'test_simple_text', arguments: {} })
      expect(result.content).toEqual([{ type: 'text', text: 'This is a simple text response for testing.' }])
      await client.close()
    }
    const legacy = new McpClient({ name: 'sse-check', version: '1.0.0' }, { protocol: '2024-11-05' })
    await legacy.connect(new SseClientTransport(`${origin}/auto`))
    expect(legacy.protocolVersion).toBe('2024-11-05')
    await call(legacy)
    const modern = new McpClient({ name: 'auto-check', version: '1.0.0' }, { protocol: 'modern' })
    await modern.connect(new StreamableHttpClientTransport(`${origin}/auto`))
    expect(modern.protocolVersion).toBe('2026-07-28')
    await call(modern)
  })
})
