// Vitest global setup: `wrangler dev` on free ports for the test run, stopped afterwards. The tests reach it
// through `inject('mcpUrl')`.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    mcpUrl: string
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined)
    return Promise.resolve()
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  // wrangler runs in a process group of its own: end workerd with it.
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), signal)
    } catch {
      // Already gone.
    }
  }
  kill('SIGTERM')
  const timer = setTimeout(() => kill('SIGKILL'), 5_000)
  return exited.finally(() => clearTimeout(timer))
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [port, inspectorPort] = [await freePort(), await freePort()]
  const persistTo = mkdtempSync(join(tmpdir(), 'wrangler-state-'))
  const wrangler = join(process.cwd(), 'node_modules', 'wrangler', 'bin', 'wrangler.js')
  const child = spawn(
    process.execPath,
    [
      wrangler,
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(inspectorPort),
      '--persist-to',
      persistTo,
      '--show-interactive-dev-session=false',
      '--var',
      `MCP_MRTR_SECRET:${randomBytes(32).toString('hex')}`,
    ],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
    },
  )
  let output = ''
  child.stdout?.on('data', (d) => (output += String(d)))
  child.stderr?.on('data', (d) => (output += String(d)))
  const origin = `http://127.0.0.1:${port}`
  const teardown = async () => {
    await stop(child)
    rmSync(persistTo, { recursive: true, force: true })
  }
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}):\n${output}`)
    // Ready once the Worker itself answers (a GET without an SSE Accept header: 4xx from the MCP endpoint).
    const status = await fetch(`${origin}/mcp`).then(
      (r) => r.status,
      () => 0,
    )
    if (status > 0 && status < 500) break
    if (Date.now() > deadline) {
      await teardown()
      throw new Error(`wrangler dev did not answer within 90 s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  project.provide('mcpUrl', `${origin}/mcp`)
  return teardown
}
