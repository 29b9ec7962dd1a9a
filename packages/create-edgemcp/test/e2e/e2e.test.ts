/**
 * `npm create edgemcp` as a user runs it, from this repository's packed tarballs, outside the repository: for
 * each template (one after the other: 2 cores), `npm exec` of the packed create-edgemcp writes the project
 * into a temporary directory and installs it (the @edgemcp packages from a registry on 127.0.0.1 that serves
 * the tarballs, everything else from the npm registry); then the project's own `npm test` and `npm run
 * typecheck` pass, the Worker templates bundle with `wrangler deploy --dry-run`, and `npm run dev` answers the
 * official SDK client (@modelcontextprotocol/sdk): its tool with a question to the user, its resource.
 * CREATE_EDGEMCP_E2E_KEEP=1 keeps the projects for a look; CREATE_EDGEMCP_E2E_TEMPLATES=stdio,node runs only those.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startWranglerDev, type WranglerDev } from '@edgemcp/tools-wrangler-dev'
import { headlessAuthorize } from '@edgemcp/testing'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEMPLATES } from '../../src/templates.js'
import {
  assertScratch,
  GUARD,
  type Packed,
  pack,
  type Registry,
  refuseNested,
  repoRoot,
  run,
  serveRegistry,
  userEnv,
  withSiblings,
} from './registry.js'

// Never inside itself: everything below runs with GUARD set (see registry.ts).
refuseNested()

const KEEP = process.env.CREATE_EDGEMCP_E2E_KEEP === '1'
const templatesDir = new URL('../../templates/', import.meta.url)

/** Every @edgemcp package some template depends on. */
const ours = [
  ...new Set(
    TEMPLATES.flatMap((t) => {
      const json = JSON.parse(readFileSync(new URL(`${t.name}/package.json`, templatesDir), 'utf8'))
      return Object.keys({ ...json.dependencies, ...json.devDependencies }).filter((d) =>
        d.startsWith('@edgemcp/'),
      )
    }),
  ),
]

let work: string
let packed: Packed[]
let registry: Registry
/** Everything a user's npm is told: the @edgemcp scope from the local registry, no prompts, no colours. */
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'create-edgemcp-e2e-'))
  assertScratch(work)
  // Tarballs under a directory of their own, named by content: npm exec keys its cache by the path.
  packed = await pack(
    [...withSiblings(ours), 'create-edgemcp'],
    join(tmpdir(), 'create-edgemcp-e2e-tarballs'),
  )
  registry = await serveRegistry(packed.filter((p) => p.name.startsWith('@edgemcp/')))
  // npm reads no scope registry from the environment: it goes into a global config of our own, which keeps
  // the machine's global config (its lines first) and leaves the user's ~/.npmrc (CA, proxy) in force.
  const npmrc = join(work, 'npmrc')
  const global = await run('npm', ['config', 'get', 'globalconfig'], { cwd: work, env: userEnv() })
  const machine = global.code === 0 ? global.output.trim() : ''
  const kept = machine !== '' && existsSync(machine) ? `${readFileSync(machine, 'utf8').trimEnd()}\n` : ''
  writeFileSync(npmrc, `${kept}@edgemcp:registry=${registry.url}\n`, { mode: 0o600 })
  env = userEnv({
    [GUARD]: '1',
    CI: 'true',
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    npm_config_globalconfig: npmrc,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    NO_COLOR: '1',
  })
}, 300_000)

// Removing four projects' node_modules takes a while on a loaded machine: a generous hang guard.
afterAll(async () => {
  await registry?.close()
  if (!KEEP && work) await rm(work, { recursive: true, force: true })
}, 300_000)

const integrityOf = (file: string) =>
  `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`

const tarballOf = (name: string) => {
  const p = packed.find((x) => x.name === name)
  if (!p) throw new Error(`${name} was not packed`)
  return p
}

/** The SDK client, with an answer for the server's question (elicitation). */
function sdkClient(): Client {
  const client = new Client({ name: 'sdk-e2e', version: '1.0.0' }, { capabilities: { elicitation: {} } })
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { name: 'Ada' } }))
  return client
}

/** What every template's server does: its tool (asking for a name), its resource. */
async function exercise(client: Client, about: string): Promise<void> {
  const tools = (await client.listTools()).tools.map((t) => t.name)
  expect(tools).toContain('greet')
  expect(await client.callTool({ name: 'greet', arguments: {} })).toMatchObject({
    content: [{ type: 'text', text: 'Hello, Ada!' }],
  })
  expect(await client.callTool({ name: 'greet', arguments: { name: 'Bo' } })).toMatchObject({
    content: [{ type: 'text', text: 'Hello, Bo!' }],
  })
  const resource = await client.readResource({ uri: 'info://about' })
  expect(JSON.stringify(resource.contents)).toContain(about)
}

async function connect(transport: Transport, about: string): Promise<string | undefined> {
  const client = sdkClient()
  await client.connect(transport)
  try {
    await exercise(client, about)
    return (transport as { protocolVersion?: string }).protocolVersion
  } finally {
    await client.close()
  }
}

/** `npm run dev` of the Node template (PORT=0: a free port), in a process group of its own. */
async function startNodeDev(cwd: string): Promise<{ url: string; stop: () => Promise<void> }> {
  assertScratch(cwd)
  const child: ChildProcess = spawn('npm', ['run', 'dev'], {
    cwd,
    env: { ...env, PORT: '0' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    const kill = (signal: NodeJS.Signals) => {
      try {
        process.kill(-(child.pid as number), signal)
      } catch {
        // Gone already.
      }
    }
    kill('SIGTERM')
    const timer = setTimeout(() => kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
  }
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += String(d)
      const m = /MCP server listening on (http:\/\/\S+)/.exec(output)
      if (m) resolve(m[1]!)
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => reject(new Error(`npm run dev exited (${code}):\n${output}`)))
  }).catch(async (error: unknown) => {
    await stop()
    throw error
  })
  return { url, stop }
}

/** An OAuth client for the SDK that remembers what the SDK gives it and keeps the last authorization URL. */
function memoryOAuthProvider(redirectUrl: string): OAuthClientProvider & { authorizationUrl?: URL } {
  const state: Record<string, unknown> = {}
  const provider: OAuthClientProvider & { authorizationUrl?: URL } = {
    get redirectUrl() {
      return redirectUrl
    },
    get clientMetadata() {
      return {
        client_name: 'sdk-e2e',
        redirect_uris: [redirectUrl],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }
    },
    clientInformation: () => state.client as never,
    saveClientInformation: (info) => {
      state.client = info
    },
    tokens: () => state.tokens as never,
    saveTokens: (tokens) => {
      state.tokens = tokens
    },
    redirectToAuthorization: (url) => {
      provider.authorizationUrl = url
    },
    saveCodeVerifier: (verifier) => {
      state.verifier = verifier
    },
    codeVerifier: () => state.verifier as string,
  }
  return provider
}

const ABOUT: Record<string, string> = {
  node: 'on Node',
  stdio: 'stdio',
  worker: 'Cloudflare Workers',
  'worker-oauth': 'behind OAuth',
}

/** CREATE_EDGEMCP_E2E_TEMPLATES=stdio,node: only those (all by default). */
const only = process.env.CREATE_EDGEMCP_E2E_TEMPLATES?.split(',').filter(Boolean)
const chosen = TEMPLATES.map((t) => t.name).filter((t) => only === undefined || only.includes(t))

describe.each(chosen)('npm create edgemcp -- --template %s', (template) => {
  let dir: string | undefined
  const worker = template.startsWith('worker')
  /**
   * `npm run codegen` against the running dev server at `url` (the script's own arguments, its URL replaced by
   * the free port's; `extra` in front of them, e.g. a token for the OAuth template).
   */
  const codegen = async (url: string, extra: string[] = []) => {
    const script: string = JSON.parse(readFileSync(join(project(), 'package.json'), 'utf8')).scripts.codegen
    const [bin, _url, ...rest] = script.split(' ')
    expect(bin).toBe('edgemcp-codegen')
    const r = await sh('npx', [
      '--no-install',
      'edgemcp-codegen',
      url,
      ...extra,
      ...rest.filter((a) => a !== '--auth'),
    ])
    expect(r.code, r.output).toBe(0)
  }
  /** A command in the project; never anywhere else (in this package it would start these tests again). */
  const project = () => {
    if (dir === undefined || !existsSync(join(dir, 'package.json')))
      throw new Error('no project: see the first test')
    assertScratch(dir)
    if (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name !== template)
      throw new Error(`${dir} is not the ${template} project`)
    return dir
  }
  const sh = (command: string, args: string[]) => run(command, args, { cwd: project(), env })

  it('writes the project and installs it, our packages from the tarballs at their exact versions', async () => {
    const create = tarballOf('create-edgemcp')
    // What `npm create edgemcp@latest <dir> -- --template <name> --install` runs, with the packed package.
    const r = await run(
      'npm',
      [
        'exec',
        '--yes',
        `--package=${create.tarball}`,
        '--',
        'create-edgemcp',
        template,
        '--template',
        template,
        '--install',
      ],
      { cwd: work, env },
    )
    expect(r.code, r.output).toBe(0)
    dir = join(work, template)
    expect(dir.startsWith(repoRoot)).toBe(false)
    expect(r.output).toContain(`Created a ${template} project in ${template}`)
    expect(r.output).toMatch(new RegExp(`cd ${template}\\n\\s+npm run dev`))
    const pkg = JSON.parse(readFileSync(join(project(), 'package.json'), 'utf8'))
    expect(pkg.name).toBe(template)
    expect(readFileSync(join(project(), 'README.md'), 'utf8')).toMatch(/^# .*MCP server/)
    const pinned = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies }).filter(([d]) =>
      d.startsWith('@edgemcp/'),
    )
    expect(pinned.length).toBeGreaterThan(0)
    for (const [name, version] of pinned) expect(version, name).toBe(tarballOf(name).version)
    // Installed from this repository's tarballs: the lock's integrity is theirs (`resolved` is left out of
    // locks where npm is configured so; npm's registry has no such tarballs).
    const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'))
    for (const [name] of pinned)
      expect(lock.packages[`node_modules/${name}`].integrity, name).toBe(integrityOf(tarballOf(name).tarball))
  }, 600_000)

  it('passes its own npm test', async () => {
    const r = await sh('npm', ['test'])
    expect(r.code, r.output).toBe(0)
    expect(r.output).toMatch(/Tests\s+\d+ passed/)
    expect(r.output).not.toMatch(/skipped|todo/)
  }, 600_000)

  if (worker)
    it('bundles for Cloudflare: wrangler deploy --dry-run', async () => {
      const r = await sh('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', '.dry-run'])
      expect(r.code, r.output).toBe(0)
      expect(r.output).toMatch(/--dry-run: exiting now/)
      expect(readdirSync(join(project(), '.dry-run'))).toContain('index.js')
    }, 300_000)

  it('answers the official SDK client from npm run dev', async () => {
    const pkg = JSON.parse(readFileSync(join(project(), 'package.json'), 'utf8'))
    if (template === 'stdio') {
      // As a desktop client starts it (the entry its README gives): the command, MCP on its stdin and stdout.
      const transport = new StdioClientTransport({
        command: 'npm',
        args: ['run', '--silent', '--prefix', project(), 'dev'],
        cwd: work,
        env: env as Record<string, string>,
        stderr: 'pipe',
      })
      expect(await connect(transport, ABOUT[template]!)).toBeUndefined()
      // Its codegen starts the server itself, on stdio.
      const r = await sh('npm', ['run', 'codegen'])
      expect(r.code, r.output).toBe(0)
      return
    }
    if (template === 'node') {
      const dev = await startNodeDev(project())
      try {
        expect(await connect(new StreamableHTTPClientTransport(new URL(dev.url)), ABOUT[template]!)).toBe(
          '2025-11-25',
        )
        await connect(new SSEClientTransport(new URL(dev.url)), ABOUT[template]!) // legacy HTTP+SSE
        await codegen(dev.url)
      } finally {
        await dev.stop()
      }
      return
    }
    // `npm run dev` is `wrangler dev` with the config's dev settings: run here through tools/wrangler-dev,
    // on free ports instead of 8787.
    expect(pkg.scripts.dev).toBe('wrangler dev')
    let dev: WranglerDev | undefined
    try {
      dev = await startWranglerDev({
        cwd: project(),
        env: env as Record<string, string>,
        path: '/mcp',
        timeoutMs: 180_000,
        // Up once the Worker answers at all (GET /mcp without an event-stream Accept is a 4xx).
        probe: async (url, signal) => {
          const r = await fetch(url, { signal })
          await r.body?.cancel()
          return new Response(null, { status: r.status < 500 ? 200 : r.status })
        },
      })
      const url = new URL(dev.url)
      if (template === 'worker') {
        expect(await connect(new StreamableHTTPClientTransport(url), ABOUT[template]!)).toBe('2025-11-25')
        await connect(new SSEClientTransport(url), ABOUT[template]!)
        await codegen(dev.url)
        return
      }
      // worker-oauth: the SDK's own OAuth flow (discovery, dynamic registration, PKCE), signed in on the
      // Worker's consent page by a headless browser.
      const redirect = 'http://127.0.0.1:9/callback' // never fetched
      const auth = memoryOAuthProvider(redirect)
      const first = new StreamableHTTPClientTransport(url, { authProvider: auth })
      const error = await sdkClient()
        .connect(first)
        .catch((e: unknown) => e)
      expect(String(error)).toMatch(/Unauthorized/)
      expect(auth.authorizationUrl?.origin).toBe(dev.origin)
      const back = await headlessAuthorize({ fill: { user: 'ada' } })({
        url: auth.authorizationUrl!,
        redirectUri: redirect,
      })
      await first.finishAuth(new URL(back).searchParams.get('code')!)
      const client = sdkClient()
      await client.connect(new StreamableHTTPClientTransport(url, { authProvider: auth }))
      try {
        await exercise(client, ABOUT[template]!)
        expect(await client.callTool({ name: 'whoami', arguments: {} })).toMatchObject({
          structuredContent: { subject: 'ada' },
        })
      } finally {
        await client.close()
      }
      const token = (await auth.tokens())?.access_token
      expect(token).toBeTruthy()
      await codegen(dev.url, ['--token', token!])
    } finally {
      await dev?.stop()
    }
    expect(existsSync(join(project(), 'wrangler.jsonc'))).toBe(true)
  }, 300_000)

  it('its typed stubs (npm run codegen above) and sources compile: npm run typecheck', async () => {
    const stubs = readFileSync(join(project(), 'src', 'mcp-client.ts'), 'utf8')
    expect(stubs).toMatch(/greet/)
    const r = await sh('npm', ['run', 'typecheck'])
    expect(r.code, r.output).toBe(0)
  }, 300_000)
})
