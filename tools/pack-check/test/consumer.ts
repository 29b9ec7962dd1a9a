/**
 * The consumer test (issue 14): every published package packed with `npm pack`, installed from the tarballs
 * into projects outside this repository with the declared peers at the lowest and at the newest versions of
 * their ranges, then type-checked and run as a user would: a Node server in the user's own Hono app answering
 * a real client of both eras and legacy SSE, the codegen CLI through npx, a Vitest file using
 * @edgemcp/testing, Worker code under `wrangler types` and under wrangler dev, and every TypeScript example of
 * the READMEs and guides. One install per variant, reused by every step (and by later runs while the tarballs
 * are unchanged). Each variant is a test file of its own (consumer-lowest, consumer-newest), so the two run
 * side by side; the tarballs are packed once per run by test/global-setup.ts.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { startWranglerDev, wranglerBin, wranglerEnv } from '@edgemcp/tools-wrangler-dev'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { PackedPackage } from '../src/pack.js'
import { repoRoot } from '../src/packages.js'
import { CONSUMER_DEV_DEPENDENCIES, cacheRoot, createProject, installVariant } from '../src/project.js'
import {
  documentedOutput,
  exampleSource,
  mapDiagnostics,
  type TsExample,
  tsExamples,
} from '../src/readme-blocks.js'
import { cleanEnv, run, runOk } from '../src/run.js'
import { hostStatus, type NodeServer, startNodeServer, startRuntimeServer } from '../src/servers.js'
import { type VariantName, variantsFor } from '../src/variants.js'
import { mcpPath, readyOnAnyAnswer, wranglerConfigFor } from '../src/worker-examples.js'

const KEEP = process.env.PACK_CHECK_KEEP === '1' // leave the projects for a look
const tsc = join(createRequire(import.meta.url).resolve('typescript/package.json'), '..', 'bin', 'tsc')
const examples = tsExamples()
/** Every Worker the test checks: a module-scope server, then each ```ts worker example of the docs. */
const workers = [
  {
    label: 'a module-scope server (worker/module-scope.ts)',
    main: 'worker/module-scope.ts',
    example: undefined,
  },
  ...examples
    .filter((e) => e.env === 'worker')
    .map((example) => ({
      label: `${example.file}:${example.line}`,
      main: `readme-worker/${example.fileName}`,
      example,
    })),
].map((w) => ({
  ...w,
  base: w.main.replace(/\W+/g, '-'),
  config: wranglerConfigFor(w.main, w.example?.wranglerConfig),
}))
/**
 * Third-party packages whose declarations do not type-check strictly in a Worker program: the tracing guide's
 * @microlabs/otel-cf-workers (1.0.0-rc.52) declares a SpanImpl that no longer implements the newest
 * sdk-trace-base's ReadableSpan, and pulls in @opentelemetry/otlp-exporter-base, whose declarations reference
 * Node's types (which clash with the Workers runtime's). An example that imports one is checked with
 * skipLibCheck, as a user's Worker project is by default; our packages' declarations stay strict in every
 * other example and in tsconfig.workers-types.json.
 */
const LOOSE_DECLARATIONS = ['@microlabs/otel-cf-workers']
const looseDeclarations = (example: { code: string } | undefined) =>
  LOOSE_DECLARATIONS.some((name) => example?.code.includes(`from '${name}'`))
/**
 * `wrangler types` output (an Env) per wrangler config text, kept on disk under its sha256: an Env depends on
 * the config alone, so the other variant and later runs reuse it. Written to a temporary name and renamed, so
 * the two variants running at once never read half a file.
 */
const envTypesDir = join(cacheRoot, 'env-types')
const envTypesFile = (config: string) =>
  join(envTypesDir, `${createHash('sha256').update(config).digest('hex').slice(0, 16)}.d.ts`)

/** tsc in the project (one project: `-p`; several: one build-mode run); a failure names the Markdown lines. */
async function typecheck(dir: string, ...projects: string[]): Promise<string> {
  const args = projects.length === 1 ? ['-p', projects[0]!] : ['-b', ...projects]
  const r = await run(process.execPath, [tsc, ...args, '--pretty', 'false'], { cwd: dir, env: cleanEnv() })
  return r.code === 0 ? '' : mapDiagnostics(r.stdout + r.stderr, examples)
}

/** node out/src/client-check.js against `url`: one connection per era. */
async function clientCheck(dir: string, url: string, eras: string[]): Promise<Record<string, any>> {
  const args = ['out/src/client-check.js', url, ...eras]
  return JSON.parse(await runOk(process.execPath, args, { cwd: dir, env: cleanEnv() }))
}

/** The Node examples marked ```ts <meta>, labelled by where they are. */
const nodeExamples = (meta: string) =>
  examples
    .filter((e) => e.env === 'node' && e.meta.includes(meta))
    .map((example) => ({ label: `${example.file}:${example.line}`, example }))

/** A server at `server.url` answers a client of each era with the version of that era. */
async function answersBothEras(dir: string, server: { url: string; output: () => string }): Promise<void> {
  const result = await clientCheck(dir, server.url, ['modern', 'legacy'])
  expect(result.modern, server.output()).toMatchObject({ protocolVersion: '2026-07-28' })
  expect(result.legacy, server.output()).toMatchObject({ protocolVersion: '2025-11-25' })
}

/**
 * Writes `example` as JavaScript next to the other examples (so it resolves the installed packages) and
 * returns its path relative to `dir`: the example as Node's type stripping would run it, types removed.
 */
function writeRunnable(dir: string, example: TsExample): string {
  const js = ts.transpileModule(exampleSource(example), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText
  const file = join('readme', example.fileName.replace(/\.ts$/, '.run.mjs'))
  writeFileSync(join(dir, file), js)
  return file
}

/** The consumer test of one variant: peers at their lowest or at their newest versions. */
export function consumerSuite(name: VariantName): void {
  describe(`installed from the tarballs, peers at their ${name} versions`, () => {
    const packed: PackedPackage[] = inject('packed')
    let dir: string
    let install: string
    let node: NodeServer | undefined

    beforeAll(async () => {
      install = await installVariant(packed, variantsFor(packed)[name])
      dir = createProject(install, examples)
      // The runnable files (the app, the stdio server, the client) are built first, as nodenext ESM.
      await runOk(process.execPath, [tsc, '-p', 'tsconfig.app.json'], { cwd: dir, env: cleanEnv() })
      // The Workers runtime's types as `wrangler types` writes them, for every Worker example below.
      const runtime = ['types', '--config', 'wrangler.jsonc', '--include-env=false', 'worker-runtime.d.ts']
      await runOk(process.execPath, [wranglerBin(dir), ...runtime], { cwd: dir, env: wranglerEnv() })
    }, 900_000)
    afterAll(async () => {
      await node?.stop()
      if (!KEEP) rmSync(dir, { recursive: true, force: true })
    })

    it('has one copy of each package and of every peer, at the version the variant asks for', async () => {
      const tree = JSON.parse(
        (await run('npm', ['ls', '--all', '--json'], { cwd: install, env: cleanEnv() })).stdout,
      )
      const versions = new Map<string, Set<string>>()
      const walk = (deps: Record<string, { version?: string; dependencies?: object }> | undefined) => {
        for (const [dep, info] of Object.entries(deps ?? {})) {
          if (info.version) versions.set(dep, new Set([...(versions.get(dep) ?? []), info.version]))
          walk(info.dependencies as never)
        }
      }
      // What the user installs and its dependencies; not the trees of the project's own dev tools (the
      // official SDK inside server-everything brings a @hono/node-server of its own, as it would for a user).
      const own = Object.entries(tree.dependencies ?? {}).filter(
        ([dep]) => !(dep in CONSUMER_DEV_DEPENDENCIES),
      )
      walk(Object.fromEntries(own) as never)
      for (const p of packed) expect([...(versions.get(p.name) ?? [])], p.name).toEqual([p.version])
      for (const [peer, spec] of Object.entries(variantsFor(packed)[name].peers)) {
        const found = [...(versions.get(peer) ?? [])]
        expect(found, `copies of ${peer}`).toHaveLength(1)
        if (name === 'lowest') expect(found[0], peer).toBe(spec)
      }
    })

    it('serves MCP from the user’s own Hono app on Node to a real client of both eras and of legacy SSE', async () => {
      node = await startNodeServer(dir, 'out/src/node-app.js')
      const origin = `http://127.0.0.1:${node.port}`
      expect(await (await fetch(`${origin}/`)).text()).toBe('the app’s own page')
      const mcp = await clientCheck(dir, `${origin}/mcp`, ['modern', 'legacy'])
      expect(mcp.modern).toMatchObject({ protocolVersion: '2026-07-28', add: [{ type: 'text', text: '5' }] })
      expect(mcp.legacy).toMatchObject({ protocolVersion: '2025-11-25', add: [{ type: 'text', text: '5' }] })
      const auto = await clientCheck(dir, `${origin}/auto`, ['sse', 'modern'])
      expect(auto.sse).toMatchObject({ protocolVersion: '2024-11-05', add: [{ type: 'text', text: '5' }] })
      expect(auto.modern).toMatchObject({ add: [{ type: 'text', text: '5' }] })
    })

    it('behaves as the streamable-http README says: serve() answers at /, a legacy SSE GET needs the auto handler', async () => {
      const readme = readFileSync(join(repoRoot, 'packages/streamable-http/README.md'), 'utf8')
      expect(readme).toMatch(/serves MCP at \*\*its root path `\/`\*\*/)
      expect(readme).toMatch(/answers that `GET` with \*\*405\*\*[\s\S]*use\s+`createAutoHandler`/)
      const sseGet = { headers: { accept: 'text/event-stream' } }
      const origin = `http://127.0.0.1:${node!.port}`
      expect((await fetch(`${origin}/mcp`, sseGet)).status).toBe(405)
      const auto = await fetch(`${origin}/auto`, sseGet)
      expect(auto.status).toBe(200)
      expect(auto.headers.get('content-type')).toMatch(/^text\/event-stream/)
      await auto.body?.cancel()
      const root = `http://127.0.0.1:${node!.rootPort}`
      expect(await clientCheck(dir, `${root}/`, ['modern'])).toMatchObject({ modern: { tools: ['add'] } })
      expect((await fetch(`${root}/mcp`, { method: 'POST' })).status).toBe(404)
    })

    it('runs npx @edgemcp/codegen (the documented form): --help, a client from the server, and the CI --check from a snapshot', async () => {
      const npx = (args: string[]) =>
        run('npx', ['--no-install', '@edgemcp/codegen', ...args], { cwd: dir, env: cleanEnv() })
      const help = await npx(['--help'])
      expect(help.code, help.stderr).toBe(0)
      expect(help.stdout).toMatch(/Usage:/)
      const url = `http://127.0.0.1:${node!.port}/mcp`
      mkdirSync(join(dir, 'src', 'generated'))
      const gen = await npx([url, '-o', 'src/generated/client.ts', '--snapshot', 'tools.json'])
      expect(gen.code, gen.stderr).toBe(0)
      const check = await npx(['tools.json', '-o', 'src/generated/client.ts', '--check'])
      expect(check.code, check.stdout + check.stderr).toBe(0)
      // The codegen README's examples import the generated client as ./mcp-client.js.
      writeFileSync(
        join(dir, 'readme', 'mcp-client.ts'),
        readFileSync(join(dir, 'src', 'generated', 'client.ts')),
      )
      // Its task example, ./reports-client.js, is codegen's golden file of task-capable tools.
      writeFileSync(
        join(dir, 'readme', 'reports-client.ts'),
        readFileSync(join(repoRoot, 'packages/codegen/test/golden/tasks/client.ts')),
      )
    })

    it('type-checks the project and every Node example of the docs: moduleResolution bundler, strict, skipLibCheck false', async () => {
      expect(await typecheck(dir, 'tsconfig.json')).toBe('')
    })

    // Module resolution reads the packages' exports maps, which no peer version changes: once is enough.
    it.skipIf(name === 'lowest')(
      'type-checks the same under module and moduleResolution nodenext',
      async () => {
        expect(await typecheck(dir, 'tsconfig.nodenext.json')).toBe('')
      },
    )

    it('runs a Vitest file that uses @edgemcp/testing (matchers, a stdio server, close())', async () => {
      const r = await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--reporter=verbose'], {
        cwd: dir,
        env: cleanEnv({ CI: 'true', NO_COLOR: '1' }),
      })
      expect(r.code, r.stdout + r.stderr).toBe(0)
      expect(stripVTControlCharacters(r.stdout)).toMatch(/Tests\s+3 passed \(3\)/)
    })

    // Vitest examples that start a server for the file (beforeAll): run as written, in the project.
    it
      .skipIf(name === 'lowest')
      .each(
        examples
          .filter((e) => e.env === 'node' && /\bbeforeAll\(/.test(e.code) && /\bit\(/.test(e.code))
          .map((example) => ({ label: `${example.file}:${example.line}`, example })),
      )('runs the Vitest example $label as written', async ({ example }) => {
      const file = `test/${example.fileName.replace(/\.ts$/, '.test.ts')}`
      writeFileSync(join(dir, file), exampleSource(example))
      const r = await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', file], {
        cwd: dir,
        env: cleanEnv({ CI: 'true', NO_COLOR: '1' }),
      })
      rmSync(join(dir, file))
      expect(r.code, r.stdout + r.stderr).toBe(0)
      expect(stripVTControlCharacters(r.stdout)).toMatch(/Tests\s+\d+ passed/)
    })

    it.each(
      examples
        .filter((e) => e.env === 'deno' || e.env === 'bun')
        .map((example) => ({ label: `${example.file}:${example.line} (${example.env})`, example })),
    )(
      'runs $label from the installed packages and answers a real client of both eras',
      async ({ example }) => {
        const file = `readme-runtime/${example.fileName}`
        const argv =
          example.env === 'deno'
            ? [
                join(dir, 'node_modules/@deno/linux-x64-glibc/deno'),
                'run',
                '--allow-net',
                '--allow-env',
                '--allow-read',
                '--no-prompt',
                file,
              ]
            : [join(dir, 'node_modules/@oven/bun-linux-x64/bin/bun'), file]
        const server = await startRuntimeServer(dir, argv)
        try {
          await answersBothEras(dir, server)
        } finally {
          await server.stop()
        }
      },
    )

    // ```ts server examples: Node servers a user starts as written (PORT=0 here): both eras answer, and a Host
    // that is not the server's own is refused (DNS rebinding), as serve() of streamable-http/node does.
    it.skipIf(name === 'lowest').each(nodeExamples('server'))(
      'runs $label on Node: both eras answer, Host: evil.example.com gets 403',
      async ({ example }) => {
        const file = writeRunnable(dir, example)
        const server = await startRuntimeServer(dir, [process.execPath, file])
        try {
          expect(await hostStatus(server.url, 'evil.example.com'), server.output()).toBe(403)
          expect(await hostStatus(server.url, new URL(server.url).host)).not.toBe(403)
          await answersBothEras(dir, server)
        } finally {
          await server.stop()
        }
      },
    )

    // ```ts run examples: scripts a user runs as written; each must end by itself and print what it says.
    it.skipIf(name === 'lowest').each(nodeExamples('run'))(
      'runs $label on Node to its end, printing what it says',
      async ({ example }) => {
        const file = writeRunnable(dir, example)
        const r = await run(process.execPath, [file], { cwd: dir, env: cleanEnv(), timeout: 120_000 })
        expect(r.code, r.stdout + r.stderr).toBe(0)
        const said = documentedOutput(example.code)
        if (said !== undefined) expect(r.stdout.trim().split('\n').at(-1)).toBe(said)
      },
    )

    it('type-checks Worker code against @cloudflare/workers-types (skipLibCheck false)', async () => {
      expect(await typecheck(dir, 'tsconfig.workers-types.json')).toBe('')
    })

    it('type-checks every Worker example against `wrangler types` of its own config', async () => {
      const projects: string[] = []
      for (const worker of workers) {
        const config = `wrangler-${worker.base}.jsonc`
        writeFileSync(join(dir, config), worker.config)
        // As a user would: `wrangler types` from the example's own config (its Env). The runtime's types, the
        // same for every example, were generated once; an Env depends on the config alone, so the second
        // variant reuses the first one's.
        const envFile = `env-${worker.base}.d.ts`
        const kept = envTypesFile(worker.config)
        if (existsSync(kept)) writeFileSync(join(dir, envFile), readFileSync(kept))
        else {
          const args = ['types', '--config', config, '--include-runtime=false', envFile]
          await runOk(process.execPath, [wranglerBin(dir), ...args], { cwd: dir, env: wranglerEnv() })
          mkdirSync(envTypesDir, { recursive: true })
          const temporary = `${kept}.${process.pid}`
          writeFileSync(temporary, readFileSync(join(dir, envFile)))
          renameSync(temporary, kept)
        }
        const compilerOptions = {
          module: 'preserve',
          moduleResolution: 'bundler',
          lib: ['ES2023'],
          types: ['./worker-runtime.d.ts', `./${envFile}`],
          ...(looseDeclarations(worker.example) ? { skipLibCheck: true } : {}),
        }
        const project = `tsconfig.${worker.base}.json`
        writeFileSync(
          join(dir, project),
          JSON.stringify({ extends: './tsconfig.base.json', compilerOptions, files: [worker.main] }),
        )
        projects.push(project)
      }
      // One tsc for all of them (build mode shares the runtime's and the packages' parsed types between the
      // projects: half the CPU of one tsc each); a failure names the Markdown line.
      expect(await typecheck(dir, ...projects)).toBe('')
    })

    // Under wrangler dev: every example with the newest peers; the module-scope server with the lowest too.
    it.each(name === 'newest' ? workers : workers.filter((w) => w.example === undefined))(
      'starts $label under wrangler dev, as written, and it answers a real client',
      async ({ base, example }) => {
        const config = join(dir, `wrangler-${base}.jsonc`)
        const dev = await startWranglerDev({ cwd: dir, config, timeoutMs: 180_000, probe: readyOnAnyAnswer })
        try {
          const legacySse = /createMcpWorker|createAutoHandler/.test(example?.code ?? '')
          // The stateless handlers serve 2026-07-28 clients only, as their README says.
          const modernOnly = /createStateless(Fetch|Json)Handler/.test(example?.code ?? '')
          const eras = ['modern', ...(modernOnly ? [] : ['legacy']), ...(legacySse ? ['sse'] : [])]
          const result = await clientCheck(dir, `${dev.origin}${await mcpPath(dev.origin)}`, eras)
          expect(result.modern, dev.output()).toMatchObject({ protocolVersion: '2026-07-28' })
          if (!modernOnly)
            expect(result.legacy, dev.output()).toMatchObject({ protocolVersion: '2025-11-25' })
          if (legacySse) expect(result.sse).toMatchObject({ protocolVersion: '2024-11-05' })
        } finally {
          await dev.stop()
        }
      },
    )
  })
}
