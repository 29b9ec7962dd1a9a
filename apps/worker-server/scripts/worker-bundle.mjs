// How the Worker is bundled for measuring (minified ESM for workerd, as wrangler builds it), shared by
// `npm run size`, its `--features` and the bundle test.
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const appDir = fileURLToPath(new URL('..', import.meta.url))

/**
 * What the budget counts: our packages as this app uses them (not the app's own code), without dependencies
 * that are not ours (the JSON Schema validator). Options for buildWorker/measureWorker.
 */
export const OURS = {
  external: ['cloudflare:workers', '@cfworker/json-schema'],
  stdin: {
    contents: [
      "export { McpServer } from '@edgemcp/core'",
      "export { createMcpWorker, notifyListChanged } from '@edgemcp/workers'",
    ].join('\n'),
    resolveDir: appDir,
    loader: 'js',
  },
}

/**
 * OURS with what the sample's task tool (summarise_notes, SEP-2663) adds: the tasks extension and the task
 * Durable Object with its runner. Measured apart: the 65 / 23 KiB goal of issue 18 predates tasks, so `GOAL`
 * and `CEILING.ours` keep judging OURS, and `CEILING.tasks` what tasks add to it.
 */
export const OURS_WITH_TASKS = {
  ...OURS,
  stdin: {
    ...OURS.stdin,
    contents: [
      OURS.stdin.contents,
      "export { taskExtension } from '@edgemcp/core/tasks'",
      "export { createMcpTaskObject, durableTasks } from '@edgemcp/workers'",
    ].join('\n'),
  },
}

/**
 * OURS_WITH_TASKS with what the sample's MCP App (the notes board) adds of our packages: `@edgemcp/core/apps`
 * (registration with the specification's checks, `clientSupportsApps`). The View's HTML is the app's own
 * code, not ours: `npm run size` states it apart. Judged by `CEILING.apps` against OURS_WITH_TASKS.
 */
export const OURS_WITH_APPS = {
  ...OURS_WITH_TASKS,
  stdin: {
    ...OURS_WITH_TASKS.stdin,
    contents: [
      OURS_WITH_TASKS.stdin.contents,
      "export { clientSupportsApps, registerAppResource, registerAppTool } from '@edgemcp/core/apps'",
    ].join('\n'),
  },
}

/**
 * An esbuild plugin that builds the sample without its MCP App: `src/board/board.ts` (the notes board's tools
 * and, through it, its View and `@edgemcp/core/apps`) replaced by a stand-in that registers nothing. The whole
 * Worker with and without it is what the app costs the deployed bundle (`npm run size`, the bundle test).
 */
export const withoutBoard = {
  name: 'without-board',
  setup(build) {
    build.onLoad({ filter: /src[\\/]board[\\/]board\.ts$/ }, () => ({
      contents: "export const BOARD_URI = 'ui://notes/board'\nexport function registerNotesBoard() {}",
      loader: 'js',
    }))
  },
}

/**
 * The smallest server issue 18 sizes: a tools-only 2026-07-28 Worker with JSON Schema validation (one tool), as
 * the README of @edgemcp/core documents it ("A tools-only Worker"): `ToolServer` of `@edgemcp/core/tools-only`
 * (the engine with the tool methods only) behind the lightest fetch handler, `createStatelessJsonHandler`
 * (no legacy side, no SSE: JSON answers only); without @cfworker/json-schema unless `withValidator`. Its goal
 * is mcp-lite's size measured the same way (MCP_LITE below), which has no validator of its own. The source is
 * the README's example without its TypeScript (`satisfies ExportedHandler`). `streaming`: the same server
 * behind `createStatelessFetchHandler`, which streams progress and logs over SSE (the README's alternative).
 */
export function minimalWorker({ withValidator = false, streaming = false } = {}) {
  const handler = streaming ? 'createStatelessFetchHandler' : 'createStatelessJsonHandler'
  return {
    external: withValidator ? ['cloudflare:workers'] : ['cloudflare:workers', '@cfworker/json-schema'],
    stdin: {
      contents: [
        "import { ToolServer } from '@edgemcp/core/tools-only'",
        `import { ${handler} } from '@edgemcp/streamable-http/stateless'`,
        "const server = new ToolServer({ name: 'minimal', version: '1.0.0' })",
        "server.tool('add', { inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] } }, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }))",
        `const mcp = ${handler}(server)`,
        'export default { fetch: (request, env, ctx) => mcp(request, env, ctx) }',
      ].join('\n'),
      resolveDir: appDir,
      loader: 'js',
    },
  }
}

/** mcp-lite 0.10.0's server and transport bundled this way (docs/benchmarks.md, tools/size): the minimal goal. */
export const MCP_LITE = { minified: 29.7 * 1024, gzipped: 8.6 * 1024 }

/** Issue 18's budget of OURS, with every feature of the sample in use. */
export const GOAL = { minified: 65 * 1024, gzipped: 23 * 1024 }

/**
 * What the bundle test enforces (bytes). The sample is over GOAL since the hardening of 2026-12-01 (byte
 * budgets per stream and client, fair admission, Host allowlists, store methods for fleets: 64.2 → 74.1 KiB
 * minified, 22.8 → 26.0 KiB gzipped), and no part of that is code the Worker never runs; until a design change
 * brings it back under GOAL, these ceilings (today's sizes plus about 1 KiB minified, 0.5 KiB gzipped) keep it
 * from growing unnoticed. Lower them whenever the bundle shrinks; never raise them without saying why.
 */
export const CEILING = {
  // Raised from 75 / 26.5 on 2026-12-02: main measured 75.7 / 26.4 KiB after core's extension points for
  // skills and tasks (2cf20cb, +0.6 KiB: ServerEngine.extend and the extension lookup in dispatch, which every
  // server carries) and dispatch's named-field entries (a4d96a6, +0.3 KiB); the stateless handler's shared
  // POST intake adds 0.1 KiB. 75.8 / 26.4 KiB now.
  // Raised again to 77 / 27 the same day: the tasks extension's engine hooks (1f0b228: the task branch of
  // tools/call, ctx.taskId/startTask, the Mcp-Name taskId binding) put the sample at 76.7 KiB minified, though
  // it declares no task tool. The extension now installs them itself (extendServer: its methods with
  // their Mcp-Name field, its part in tools/call, its own handler context), so a server without tasks carries
  // none of it: 76.6 / 26.7 KiB (the task hooks were 0.26 KiB; the generic hook point and installer cost 0.15).
  // Lowered to 76 / 26.9: the fleet seams (forwarding, following a stream live elsewhere, 503 on a store
  // outage) come with the handlers that take the user's stores (`storesOf`), not with the endpoint the Worker
  // builds on its Durable Objects' stores: 75.6 / 26.4 KiB.
  // Lowered to 75.5 / 26.7: declaring an extension is a function of its own (extendServer), imported by
  // @edgemcp/core/skills and /tasks only, no longer an engine method every server carries: 75.0 / 26.2 KiB.
  // Lowered to 74.75 / 26.4 on 2026-12-02: the legacy HTTP+SSE endpoint uses Streamable HTTP's option
  // defaults, client limits, session lookup and admission, store refusal and body intake instead of copies, and
  // the Node socket-address default of `clientAddress` comes with the handlers, not the Worker's building
  // blocks: 74.47 / 26.17 KiB.
  // Lowered to 74.5 / 26.3 the same day: one store-failure catch per endpoint, and the node:http SSE limits read
  // by nodeConnect (not a HandlerState method every bundle carries): 74.19 / 26.08 KiB.
  // Then 74.65 / 26.4: the shared session lookup and POST body parse are synchronous (no extra await per
  // request): 74.15 / 26.08 KiB; 74.38 / 26.18 KiB with the Worker's routing of 2026-07-28 POSTs by headers
  // (bc13dd5).
  // Then 75 / 26.5, the decided budget of issue 30. Revised to 75.5 / 26.85 on 2026-12-06: the tool schema
  // check at registration (#33, newcomer item 3) is 0.65 / 0.31 KiB that every server carries (74.63 / 26.38
  // without it), and the Worker's first-request check of its bindings (item 4) 0.34 / 0.15 KiB: 75.28 / 26.69.
  // Cutting that much elsewhere meant removing a feature (quick-accept's fast path, error hints); the rest is
  // for the middleware hooks (#29). Revised to 76.3 / 27.15 on 2026-12-07 (issue 30): the requests in flight of
  // a session are a linked list (RequestsById, core) and the Worker's live invocations a list of holds
  // (workers, the same RequestsById), not Maps whose churn promoted garbage: 75.8 / 26.9 KiB measured.
  ours: { minified: 76.3 * 1024, gzipped: 27.15 * 1024 },
  // What the sample's task tool adds to `ours` (OURS_WITH_TASKS − OURS): 11.9 / 3.9 KiB on 2026-12-02
  // (@edgemcp/core/tasks, the task object and its runner).
  tasks: { minified: 12.4 * 1024, gzipped: 4.4 * 1024 },
  // What the sample's MCP App adds of our packages to OURS_WITH_TASKS (OURS_WITH_APPS − OURS_WITH_TASKS):
  // @edgemcp/core/apps as the notes board uses it (2026-12-06).
  apps: { minified: 4 * 1024, gzipped: 1.6 * 1024 },
  // What the notes board adds to the whole sample Worker (src/index.ts with it − without it, `withoutBoard`):
  // @edgemcp/core/apps, the board's four tools and its View (a 5.1 KiB Text module). 11.2 / 4.1 KiB on
  // 2026-12-06.
  sampleApp: { minified: 12 * 1024, gzipped: 4.6 * 1024 },
  // 51.2 / 18.4 KiB on the stateless fetch handler (59.5 / 21.0 on createMcpFetchHandler).
  // Lowered to 37.5 / 14.1 on 2026-12-02: ToolServer (@edgemcp/core/tools-only) installs the engine's tool
  // methods only, so the legacy era (initialize, sessions), MRTR, resources, prompts, completion and listen stay
  // out: 37.0 / 13.8 KiB (59.2 / 20.2 KiB with @cfworker/json-schema). McpServer's own method tables and
  // features moved to all-features.ts (the sample: 75.0 → 75.5 / 26.2 → 26.4 KiB for the indirection).
  // Lowered to 29.5 / 11.2 the same day: the minimal Worker is now what core's README shows first, ToolServer
  // behind createStatelessJsonHandler (JSON answers only: no SSE stream, event stream or stream budgets):
  // 29.0 / 10.9 KiB (51.2 / 17.2 KiB with @cfworker/json-schema).
  // Lowered to 27 / 10.45 on 2026-12-02: what only the legacy era runs (batches, responses and cancellation
  // on a session, a handler's server→client requests, the sessions and listeners told of changes) is part of
  // the features McpServer installs, not of the engine every server carries, and the JSON handler fills in
  // only its body limit: 26.5 / 10.16 KiB (29.1 / 10.95 before). OURS did not grow (74.47 / 26.17 KiB).
  // Raised to 27.3 / 10.65 on 2026-12-06 by the registration-time schema check (#33 item 3): 26.99 / 10.49
  // KiB (26.34 / 10.18 without it); issue 30's goal of 29.7 / 10.5 is revised by that much.
  minimal: { minified: 27.3 * 1024, gzipped: 10.65 * 1024 },
  // The same server behind createStatelessFetchHandler (progress and logs over SSE): 37.2 / 13.8 KiB.
  // Lowered to 35.6 / 13.5 on 2026-12-02 by the same change: 35.1 / 13.22 KiB (37.4 / 13.91 before).
  // Raised to 35.95 / 13.7 on 2026-12-06 by the same check: 35.66 / 13.54 KiB (35.01 / 13.24 without it).
  minimalStreaming: { minified: 35.95 * 1024, gzipped: 13.7 * 1024 },
}

/** Bundles like wrangler for workerd; `options` add the entry and anything else. Nothing is written. */
export function buildWorker(options) {
  return build({
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    write: false,
    metafile: true,
    external: ['cloudflare:workers'],
    // wrangler's default module rules: `.html` files are Text modules (the notes board's View).
    loader: { '.html': 'text' },
    logLevel: 'silent',
    ...options,
  })
}

/** buildWorker, measured: the code, its minified and gzipped (level 9) bytes, and esbuild's metafile. */
export async function measureWorker(options) {
  const result = await buildWorker(options)
  const code = result.outputFiles[0]?.text ?? ''
  return {
    code,
    minified: Buffer.byteLength(code),
    gzipped: gzipSync(code, { level: 9 }).length,
    meta: result.metafile,
  }
}
