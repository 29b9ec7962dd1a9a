import { describe, expect, it } from 'vitest'
import {
  CEILING,
  measureWorker,
  minimalWorker,
  OURS,
  OURS_WITH_APPS,
  OURS_WITH_TASKS,
  withoutBoard,
} from '../../scripts/worker-bundle.mjs'

// Sizes are of esbuild's output (minified, gzip level 9): the same bytes on any machine, so a verdict on them
// does not depend on the machine's speed. `npm run size -- --features` says what each feature costs.
const root = `${import.meta.dirname}/../..`
/** OURS, bundled once for both tests that judge it. */
let oursOnce: ReturnType<typeof measureWorker> | undefined
const measureOurs = () => {
  oursOnce ??= measureWorker({ ...OURS, absWorkingDir: root })
  return oursOnce
}

describe('the Worker bundle size', () => {
  it('our packages as the sample uses them stay under the ceiling', async () => {
    const ours = await measureOurs()
    expect(ours.minified).toBeGreaterThan(20 * 1024) // measured what we meant: the whole Worker path
    // No task tool here: the tasks extension (methods, tools/call hook, Mcp-Name binding) stays out.
    expect(ours.code).not.toContain('tasks/get')
    expect(ours.code).not.toContain('startedByHandler')
    // No app either: MCP Apps (@edgemcp/core/apps, its checks and extension id) stay out.
    expect(ours.code).not.toContain('io.modelcontextprotocol/ui')
    expect(ours.code).not.toContain('profile=mcp-app')
    expect(ours.minified).toBeLessThanOrEqual(CEILING.ours.minified)
    expect(ours.gzipped).toBeLessThanOrEqual(CEILING.ours.gzipped)
  })

  it('what the task tool adds (the tasks extension, the task object and its runner) stays under its ceiling', async () => {
    const ours = await measureOurs()
    const withTasks = await measureWorker({ ...OURS_WITH_TASKS, absWorkingDir: root })
    expect(withTasks.code).toContain('tasks/get') // measured what we meant: the extension is in
    expect(withTasks.minified - ours.minified).toBeLessThanOrEqual(CEILING.tasks.minified)
    expect(withTasks.gzipped - ours.gzipped).toBeLessThanOrEqual(CEILING.tasks.gzipped)
  })

  it('what the MCP App adds (@edgemcp/core/apps, on top of tasks) stays under its ceiling', async () => {
    const withTasks = await measureWorker({ ...OURS_WITH_TASKS, absWorkingDir: root })
    const withApps = await measureWorker({ ...OURS_WITH_APPS, absWorkingDir: root })
    expect(withApps.code).toContain('profile=mcp-app') // measured what we meant: the extension is in
    expect(withApps.minified - withTasks.minified).toBeLessThanOrEqual(CEILING.apps.minified)
    expect(withApps.gzipped - withTasks.gzipped).toBeLessThanOrEqual(CEILING.apps.gzipped)
  })

  it('the sample Worker without its notes board carries no MCP Apps; what the board adds stays under its ceiling', async () => {
    const app = await measureWorker({ entryPoints: ['src/index.ts'], absWorkingDir: root })
    const noBoard = await measureWorker({
      entryPoints: ['src/index.ts'],
      absWorkingDir: root,
      plugins: [withoutBoard],
    })
    // @edgemcp/core/apps is known by its registration rules' messages: the sample's explorer page (an MCP
    // Apps host) names the MIME type and the extension itself, with or without the board.
    const appsRule = '_meta.ui.visibility lists a value twice'
    expect(app.code).toContain(appsRule) // measured what we meant: the board is in the full Worker
    expect(app.code).toContain('board_add_note')
    for (const absent of [appsRule, 'board_add_note']) expect(noBoard.code).not.toContain(absent)
    expect(app.minified - noBoard.minified).toBeLessThanOrEqual(CEILING.sampleApp.minified)
    expect(app.gzipped - noBoard.gzipped).toBeLessThanOrEqual(CEILING.sampleApp.gzipped)
  })

  it('a tools-only 2026-07-28 Worker stays under its ceiling, its validator left out', async () => {
    const minimal = await measureWorker({ ...minimalWorker(), absWorkingDir: root })
    expect(minimal.code).toContain('@cfworker/json-schema') // an import left external, not bundled
    // The stateless fetch handler: the transport's legacy side (resumption, session stores) stays out.
    expect(minimal.code).not.toContain('Last-Event-ID')
    // ToolServer: what it does not install is not in the bundle (legacy methods, MRTR state, completion).
    for (const absent of [
      'logging/setLevel',
      'requestState',
      'completion/complete',
      'resources/templates/list',
    ])
      expect(minimal.code).not.toContain(absent)
    // createStatelessJsonHandler: no SSE answers (the SSE connection's headers and overflow refusal).
    expect(minimal.code).not.toContain('X-Accel-Buffering')
    expect(minimal.minified).toBeLessThanOrEqual(CEILING.minimal.minified)
    expect(minimal.gzipped).toBeLessThanOrEqual(CEILING.minimal.gzipped)
  })

  it('the same Worker streaming progress (createStatelessFetchHandler) stays under its ceiling', async () => {
    const streaming = await measureWorker({ ...minimalWorker({ streaming: true }), absWorkingDir: root })
    expect(streaming.code).toContain('X-Accel-Buffering') // measured what we meant: SSE answers are in
    expect(streaming.code).not.toContain('Last-Event-ID')
    expect(streaming.minified).toBeLessThanOrEqual(CEILING.minimalStreaming.minified)
    expect(streaming.gzipped).toBeLessThanOrEqual(CEILING.minimalStreaming.gzipped)
  })
})
