/**
 * Follows docs/guides/deploy-to-cloudflare-workers.md step by step, as a user on Node 22 would: the newest
 * create-cloudflare (C3) and wrangler from the npm registry, the @edgemcp packages from their packed tarballs
 * (never the registry), in a directory outside this repository. Every shell line of the guide runs as
 * written, but for: `npm i @edgemcp/…` (the tarballs), `npx wrangler dev` (tools/wrangler-dev, on a free port
 * instead of 8787, which the later steps are pointed at), the account commands (not run) and `wrangler
 * deploy` (`--dry-run`). The Worker under wrangler dev then answers the official SDK client (a 2025-11-25
 * session, with a question to the user) and a stateless 2026-07-28 request; the guide's own smoke script,
 * on our client, negotiates 2026-07-28 and prints what the guide says it prints.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { type PackedPackage, packAll } from '@edgemcp/tools-pack-check/pack'
import { cleanEnv, run } from '@edgemcp/tools-pack-check/run'
import { startWranglerDev, type WranglerDev, wranglerEnv } from '@edgemcp/tools-wrangler-dev'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { withModernMeta } from '@edgemcp/test-helpers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentedOutput, GUIDE, guideSteps, type Step } from '../src/guide.js'
import { node22 } from '../src/node22.js'

const KEEP = process.env.DEPLOY_GUIDE_KEEP === '1' // leave the project for a look
const GUIDE_ORIGIN = 'http://127.0.0.1:8787'

let work: string
let node: string
let packed: PackedPackage[]
let dev: WranglerDev | undefined
const done: string[] = [] // what ran, for the failure messages

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'edgemcp-deploy-guide-'))
  ;[node, packed] = await Promise.all([node22(), packAll(join(work, '.tarballs'))])
}, 600_000)
afterAll(async () => {
  await dev?.stop()
  if (!KEEP) rmSync(work, { recursive: true, force: true })
})

/** The environment of a user's shell on Node 22, offline for wrangler (no telemetry, no prompts). */
const userEnv = () => cleanEnv({ ...wranglerEnv(), PATH: `${dirname(node)}:${process.env.PATH}` }) as never

/**
 * `names` and the @edgemcp packages they depend on that `cwd` has not installed yet, as tarball paths: npm
 * would look the siblings up in the registry otherwise.
 */
function tarballsOf(names: string[], cwd: string): string[] {
  const json = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'))
  const installed = new Set(Object.keys({ ...json.dependencies, ...json.devDependencies }))
  const found = new Set<string>()
  const add = (name: string, named: boolean) => {
    const p = packed.find((x) => x.name === name)
    if (!p) throw new Error(`${GUIDE} installs ${name}, which is not a package of this repository`)
    if (found.has(p.tarball) || (!named && installed.has(name))) return
    found.add(p.tarball)
    for (const dep of Object.keys(p.json.dependencies ?? {})) if (dep.startsWith('@edgemcp/')) add(dep, false)
  }
  for (const name of names) add(name, true)
  return [...found]
}

async function sh(command: string, cwd: string, where = GUIDE): Promise<string> {
  const r = await run('bash', ['-c', command], { cwd, env: userEnv() })
  done.push(command)
  if (r.code !== 0)
    throw new Error(
      `${where}: ${command} failed (${r.code ?? r.signal}) in ${cwd}:\n${r.stdout}\n${r.stderr}`,
    )
  return r.stdout
}

/** Points the guide's http://127.0.0.1:8787 at the running dev server. */
const here = (text: string) => (dev ? text.replaceAll(GUIDE_ORIGIN, dev.origin) : text)

describe(`${GUIDE}, followed step by step on Node 22 with the newest C3 and wrangler`, () => {
  const outputs = new Map<string, string>()
  const steps = guideSteps()

  it('runs every step as written, up to a deploy dry run', async () => {
    let cwd = work
    for (const step of steps as Step[]) {
      const where = `${GUIDE}:${step.line}`
      switch (step.kind) {
        case 'write':
          mkdirSync(dirname(join(cwd, step.path)), { recursive: true })
          writeFileSync(join(cwd, step.path), here(step.content))
          break
        case 'cd':
          cwd = join(cwd, step.dir)
          expect(existsSync(cwd), where).toBe(true)
          break
        case 'install':
          await sh(
            `npm i ${step.dev ? '-D ' : ''}--no-audit --no-fund ${tarballsOf(step.packages, cwd).join(' ')}`,
            cwd,
            where,
          )
          break
        case 'dev':
          dev = await startWranglerDev({ cwd, node, timeoutMs: 180_000, probe: reachable })
          done.push('npx wrangler dev')
          break
        case 'account':
          break // needs a Cloudflare account
        case 'deploy':
          await sh('npx wrangler deploy --dry-run --outdir .deploy-dry-run', cwd, where)
          break
        case 'run':
          outputs.set(step.command, await sh(here(step.command), cwd, where))
          break
      }
    }
    // C3 ran, with the newest wrangler, which needs Node 22.12+ (the reason the guide asks for it).
    const wrangler = JSON.parse(readFileSync(join(cwd, 'node_modules/wrangler/package.json'), 'utf8'))
    expect(wrangler.engines.node).toMatch(/^>=2[2-9]/)
    expect(readFileSync(join(cwd, 'wrangler.jsonc'), 'utf8')).not.toContain('<WORKER_NAME>')
    expect(readFileSync(join(cwd, 'worker-configuration.d.ts'), 'utf8')).toMatch(/MCP_MRTR_SECRET: string/)
    expect(readdirSync(join(cwd, '.deploy-dry-run'))).toContain('index.js')
    // The generated client compiles with the rest of the project.
    expect(existsSync(join(cwd, 'src/mcp-client.ts'))).toBe(true)
    await sh('npx tsc --noEmit', cwd)
  })

  it('prints what the guide says from its smoke script (our client, 2026-07-28)', () => {
    const smoke = steps.find((s) => s.kind === 'write' && s.path === 'smoke.mts')
    const expected = smoke?.kind === 'write' ? documentedOutput(smoke.content) : undefined
    expect(expected).toMatch(/^2026-07-28 /)
    expect(outputs.get('node smoke.mts')?.trim()).toBe(expected)
  })

  it('answers the official SDK client in a 2025-11-25 session, a question to the user included', async () => {
    expect(dev, done.join('\n')).toBeDefined()
    const client = new Client({ name: 'sdk', version: '1.0.0' }, { capabilities: { elicitation: {} } })
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { go: true } }))
    const transport = new StreamableHTTPClientTransport(new URL(`${dev!.origin}/mcp`))
    await client.connect(transport)
    try {
      expect(transport.protocolVersion).toBe('2025-11-25')
      expect(transport.sessionId).toBeTruthy()
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['confirm_launch', 'greet'])
      expect(await client.callTool({ name: 'greet', arguments: { name: 'Ada' } })).toMatchObject({
        content: [{ type: 'text', text: 'Hello, Ada!' }],
      })
      expect(await client.callTool({ name: 'confirm_launch', arguments: {} })).toMatchObject({
        content: [{ type: 'text', text: 'Launched.' }],
      })
      await transport.terminateSession()
    } finally {
      await client.close()
    }
  })

  it('answers a stateless 2026-07-28 request: no session, _meta per request', async () => {
    const body = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: withModernMeta({ name: 'greet', arguments: { name: 'Grace' } }),
    }
    const res = await fetch(`${dev!.origin}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'greet',
      },
      body: JSON.stringify(body),
    })
    const text = await res.text()
    expect(res.status, text).toBe(200)
    expect(res.headers.get('mcp-session-id')).toBeNull()
    expect(text).toContain('Hello, Grace!')
  })
})

/** Ready once the Worker answers anything at / (the guide's fetch handler answers 200 there). */
async function reachable(url: string, signal: AbortSignal): Promise<Response> {
  const res = await fetch(url, { signal })
  await res.body?.cancel()
  return new Response(null, { status: res.status === 200 ? 200 : 503 })
}
