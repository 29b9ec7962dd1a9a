import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type Schema, Validator } from '@cfworker/json-schema'
import { createConformanceServer } from '@edgemcp/conformance-server/create-server'
import type { FixtureHooks } from '@edgemcp/conformance-server/fixtures'
import { ErrorCode, ProtocolError } from '@edgemcp/core'
import { createMcpHandler } from '@edgemcp/streamable-http'
import { type RunningServer, serve } from '@edgemcp/streamable-http/node'
import ts from 'typescript'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { checks, textOf } from './support/conformance-expectations.js'
import { type CallRecord, Harness, type Protocol, specValidator } from './support/conformance-harness.js'
import { packageRoot, typecheck } from './support/typecheck.js'

// The generated client and the hand-written usage module, loaded at run time; their types are checked by
// `typecheck` (the usage file is test/conformance/usage.ts, compiled next to the generated client).
type Module = Record<string, any>

const cli = join(packageRoot, 'dist', 'cli.js')
const usageSource = join(packageRoot, 'test', 'conformance', 'usage.ts')
let running: RunningServer
let work: string
let generation: { code: number; stderr: string }
let listing: { tools: Array<{ name: string; outputSchema?: object }>; prompts?: Array<{ name: string }> }

function runCli(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { cwd: work, encoding: 'utf8' }, (error, _stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 2) : 0, stderr })
    })
  })
}

/** Compiles a TypeScript file of the work directory to the ES module `<name>.js` beside it and imports it. */
async function load(file: string): Promise<Module> {
  const js = ts.transpileModule(readFileSync(join(work, file), 'utf8'), {
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
    },
  }).outputText
  const out = join(work, file.replace(/\.ts$/, '.js'))
  writeFileSync(out, js)
  return (await import(pathToFileURL(out).href)) as Module
}

let modules: Promise<{ client: Module; usage: Module }> | undefined
const generated = () => {
  modules ??= load('client.ts').then(async (client) => ({ client, usage: await load('usage.ts') }))
  return modules
}

beforeAll(async () => {
  // The app of apps/conformance-server, served at the root: SSE streams resumable after `retry`, and the
  // hook test_reconnection uses to drop its stream mid-call. Without the tasks extension's fixture tools: this
  // test calls every listed tool with a check per tool; round-trip-tasks.test.ts drives task-capable stubs.
  const hooks: FixtureHooks = {}
  const mcp = createMcpHandler(createConformanceServer({ hooks, tasks: false }), { retryMs: 50 })
  hooks.closeSseStream = (sessionId, requestId) => mcp.closeSseStream(sessionId, requestId)
  running = await serve(mcp, { port: 0, hostname: '127.0.0.1' })
  mkdirSync(join(packageRoot, '.tmp'), { recursive: true })
  work = mkdtempSync(join(packageRoot, '.tmp', 'conformance-'))
  writeFileSync(join(work, 'usage.ts'), readFileSync(usageSource, 'utf8'))
  generation = await runCli([
    `${running.url}/`,
    '-o',
    'client.ts',
    '--with',
    'prompts,resources',
    '--snapshot',
    'listing.json',
  ])
  listing = JSON.parse(readFileSync(join(work, 'listing.json'), 'utf8'))
})
afterAll(async () => {
  await running?.close()
  rmSync(work, { recursive: true, force: true })
})

describe('round trip through the conformance server', () => {
  it('generates every tool, prompt and resource template from its URL', async () => {
    expect(generation.code).toBe(0)
    expect(generation.stderr).toContain(`read ${listing.tools.length} tools from ${running.url}/`)
    const { client } = await generated()
    expect(Object.keys(client.toolAnnotations)).toEqual(listing.tools.map((t) => t.name).sort())
    const text = readFileSync(join(work, 'client.ts'), 'utf8')
    for (const prompt of listing.prompts ?? []) expect(text).toContain(`@prompt ${prompt.name}\n`)
    expect(text).toContain('@uriTemplate test://template/{id}/data')
  })

  it('compiles under the strict options together with the typed usage file', () => {
    expect(typecheck([join(work, 'client.ts'), join(work, 'usage.ts')])).toEqual([])
  })

  describe.each<{ protocol: Protocol; era: string }>([
    { protocol: '2025-11-25', era: 'legacy' },
    { protocol: '2026-07-28', era: 'modern' },
  ])('a $protocol client', ({ protocol, era }) => {
    const url = () => new URL(`${running.url}/`)
    const open: Harness[] = []
    const connect = async (handlers: 'all' | 'roots-only') => {
      const harness = await Harness.connect(url(), protocol, handlers)
      open.push(harness)
      expect(harness.era).toBe(era)
      return harness
    }
    afterEach(async () => {
      await Promise.all(open.splice(0).map((h) => h.close()))
    })
    const validCallToolResult = specValidator(protocol, 'CallToolResult')

    it('calls every tool through the generated functions; each result has its declared type', async () => {
      const { client, usage } = await generated()
      const harness = await connect('all')
      await harness.listen()
      await harness.client.setLoggingLevel('info')
      const tools = client.createClient(harness.caller)
      const listed = (await harness.client.listAllTools()).map((t) => t.name)
      expect([...listed].sort()).toEqual(Object.keys(usage.calls).sort())

      for (const name of listed) {
        const outcome = await usage.calls[name](tools).then(
          (payload: any) => ({ payload }),
          (error: unknown) => ({ error }),
        )
        const record = harness.last(name)
        const { result } = record
        // The declared type at run time: the official CallToolResult of this revision, and the tool's
        // outputSchema for its structured content when it has one.
        expect(validCallToolResult(result), name).toEqual([])
        const outputSchema = listing.tools.find((t) => t.name === name)?.outputSchema
        if (name === 'test_error_handling') {
          // isError: unwrap throws the generated ToolCallError, carrying the tool name and the raw result.
          expect(outcome.error).toBeInstanceOf(client.ToolCallError)
          expect(outcome.error).toMatchObject({
            tool: name,
            message: 'This tool intentionally returns an error for testing',
          })
          expect((outcome.error as { result: unknown }).result).toBe(result)
          expect(result?.isError).toBe(true)
          continue
        }
        expect(outcome.error, name).toBeUndefined()
        expect(result?.isError, name).toBeFalsy()
        if (outputSchema) {
          const structured = new Validator(outputSchema as Schema, '2020-12').validate(
            result?.structuredContent,
          )
          expect(structured.errors, name).toEqual([])
          expect(outcome.payload, name).toEqual(result?.structuredContent)
        } else {
          // Without an outputSchema, unwrap resolves to the content blocks of the result.
          expect(outcome.payload, name).toBe(result?.content)
        }
        expectInputsOnTheWire(harness.era, record)
        const check = checks[name]
        if (!check) throw new Error(`no expectation for tool ${name}`)
        await check(outcome.payload, { harness, record, args: usage.args, tools })
      }
      // Every listed tool went out under its raw name, once; the trigger tools twice (add, then remove).
      const counts = new Map<string, number>()
      for (const { name } of harness.records) counts.set(name, (counts.get(name) ?? 0) + 1)
      expect(Object.fromEntries(counts)).toEqual(
        Object.fromEntries(listed.map((n) => [n, n.startsWith('test_trigger_') ? 2 : 1])),
      )
    })

    it('gets every prompt and reads the resource template through the generated functions', async () => {
      const { client, usage } = await generated()
      const harness = await connect('all')
      const tools = client.createClient(harness.caller)
      const validPrompt = specValidator(protocol, 'GetPromptResult')
      const validRead = specValidator(protocol, 'ReadResourceResult')
      const results: Record<string, any> = {}
      for (const [name, read] of Object.entries(
        usage.reads as Record<string, (t: unknown) => Promise<any>>,
      )) {
        results[name] = await read(tools)
        const valid = name.includes('://') ? validRead : validPrompt
        expect(valid(results[name]), name).toEqual([])
      }
      expect(Object.keys(results).sort()).toEqual(
        [...(listing.prompts ?? []).map((p) => p.name), 'test://template/{id}/data'].sort(),
      )
      expect(results.test_simple_prompt.messages).toEqual([
        { role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } },
      ])
      expect(JSON.stringify(results.test_prompt_with_arguments.messages)).toMatch(/testValue1.*testValue2/)
      expect(results.test_prompt_with_embedded_resource.messages[0].content).toMatchObject({
        type: 'resource',
        resource: { uri: 'test://example-resource', mimeType: 'text/plain' },
      })
      expect(results.test_prompt_with_image.messages[0].content).toMatchObject({
        type: 'image',
        mimeType: 'image/png',
      })
      expect(results.test_input_required_result_prompt.messages[0].content.text).toBe(
        'Use this context: test context',
      )
      const asked = harness.last('test_input_required_result_prompt').inputs
      expect(asked.map((i) => [i.method, i.params.message])).toEqual([
        ['elicitation/create', 'What context should the prompt use?'],
      ])
      const [content] = results['test://template/{id}/data'].contents
      expect(content).toMatchObject({ uri: 'test://template/123/data', mimeType: 'application/json' })
      expect(JSON.parse(content.text)).toEqual({ id: '123', templateTest: true, data: 'Data for ID: 123' })
    })

    it('tools needing a capability the client did not declare fail as documented', async () => {
      const { client } = await generated()
      const harness = await connect('roots-only')
      const tools = client.createClient(harness.caller)
      for (const [tool, args, capability] of [
        ['testMissingCapability', {}, 'sampling'],
        ['testStreamingElicitation', {}, 'elicitation'],
        ['testSampling', { prompt: 'Hello?' }, 'sampling'],
        ['testElicitation', { message: 'Your name?' }, 'elicitation'],
      ] as const) {
        const error = await tools[tool](args, { unwrap: true }).catch((e: unknown) => e)
        if (era === 'modern') {
          // 2026-07-28: a JSON-RPC error -32021 naming what is missing (server-stateless probe 401).
          expect(error, tool).toBeInstanceOf(ProtocolError)
          expect(error).toMatchObject({
            code: ErrorCode.MissingRequiredClientCapability,
            data: { requiredCapabilities: { [capability]: {} } },
          })
        } else {
          // Legacy: the server cannot ask, so the tool fails as a tool error; unwrap makes it a typed error.
          expect(error, tool).toBeInstanceOf(client.ToolCallError)
          expect((error as Error).message).toBe(
            `The client did not declare the ${capability} capability needed for ${capability === 'sampling' ? 'sampling/createMessage' : 'elicitation/create'}`,
          )
          expect(validCallToolResult((error as { result: unknown }).result)).toEqual([])
        }
      }
      // It asks only for what the client declared: the roots.
      const payload = await tools.testInputRequiredResultCapabilities({}, { unwrap: true })
      expect(textOf(payload)).toBe('roots=1')
      expect(harness.last('test_input_required_result_capabilities').inputs.map((i) => i.method)).toEqual([
        'roots/list',
      ])
      // Log messages reach a 2026-07-28 client only when it names a log level; this one did not.
      const logged = await tools.testLoggingTool({}, { unwrap: true })
      expect(textOf(logged)).toBe('Logging test completed')
      expect(harness.last('test_logging_tool').logs).toHaveLength(era === 'modern' ? 0 : 3)
    })

    it('input requests travel as the revision says; a tampered requestState is rejected', async () => {
      const { client } = await generated()
      const harness = await connect('all')
      const tools = client.createClient(harness.caller)
      harness.tamper = true
      const outcome = await tools
        .testInputRequiredResultTamperedState({}, { unwrap: true })
        .catch((e: unknown) => e)
      const record = harness.last('test_input_required_result_tampered_state')
      if (era === 'modern') {
        // The retry carried the altered state: -32602 names requestState; nothing was answered twice.
        expect(record.sent.map((s) => s.body.params.requestState?.endsWith('-TAMPERED'))).toEqual([
          undefined,
          true,
        ])
        expect(outcome).toBeInstanceOf(ProtocolError)
        expect(outcome).toMatchObject({ code: ErrorCode.InvalidParams, data: { field: 'requestState' } })
      } else {
        // A legacy session has no requestState: the confirmation is a server→client request, answered by POST.
        expect(record.sent.some((s) => s.body?.params?.requestState !== undefined)).toBe(false)
        expect(textOf(outcome as any[])).toBe('confirmed=true')
      }
      expect(record.inputs.map((i) => i.method)).toEqual(['elicitation/create'])
    })
  })
})

/** How answered input requests went on the wire: MRTR retries (2026-07-28) or POSTed responses (legacy). */
function expectInputsOnTheWire(era: string, record: CallRecord): void {
  const posts = record.sent.filter((s) => s.method === 'POST')
  if (era === 'modern') {
    const answered = new Set(posts.flatMap((s) => Object.keys(s.body.params.inputResponses ?? {})))
    expect([...answered].sort(), record.name).toEqual(record.inputs.map((i) => String(i.key)).sort())
    expect(posts.every((s) => s.body.method === 'tools/call' && s.body.params.name === record.name)).toBe(
      true,
    )
  } else {
    const responses = posts.filter((s) => s.body.result !== undefined).map((s) => s.body.id)
    expect(responses.sort(), record.name).toEqual(record.inputs.map((i) => i.key).sort())
  }
}
