// The conformance fixtures of apps/conformance-server, served by @edgemcp/workers at /mcp: 2026-07-28
// statelessly in the Worker, legacy sessions in their Durable Objects, listen streams through the hub, tasks
// (SEP-2663) kept and run in the task object.
import { createConformanceServer } from '@edgemcp/conformance-server/create-server'
import { SKILL_PATHS } from '@edgemcp/conformance-server/fixtures'
import { skillsFromAssets } from '@edgemcp/core/skills'
import { createMcpTaskObject, createMcpWorker, durableTasks } from '@edgemcp/workers'

export interface Env {
  MCP_SESSION: DurableObjectNamespace
  MCP_HUB: DurableObjectNamespace
  MCP_TASKS: DurableObjectNamespace
  /** MRTR signing key shared by every isolate (`.dev.vars`, `--var` or `wrangler secret put`). */
  MCP_MRTR_SECRET?: string
  /** Static assets: the skills fixtures folder of apps/conformance-server (wrangler.jsonc `assets`). */
  ASSETS: Fetcher
}

/** The endpoint the conformance runner targets by default. (Only handlers may be exported from here.) */
const MCP_PATH = '/mcp'

const worker = createMcpWorker<Env>({
  server: (env, { mrtrSecret, closeSseStream }) =>
    createConformanceServer({
      mrtrSecret,
      hooks: { closeSseStream },
      // Fetched from the assets binding when the first skills request comes (never at global scope).
      skills: skillsFromAssets(env.ASSETS, { paths: SKILL_PATHS, base: '/' }),
      // Stored in the task object, and run there (not in the isolate of the request that created them).
      tasks: durableTasks(env),
    }),
  path: MCP_PATH,
  // As on Node: clients told to reconnect (SSE polling) come back quickly.
  handler: { retryMs: 200 },
})

export const { McpSessionObject, McpHubObject } = worker
// Runs the tasks with the same fixtures (its server needs no skills and no MRTR secret: a run replays stored
// answers).
export const McpTaskObject = createMcpTaskObject<Env>({
  server: (_env, { tasks }) => createConformanceServer({ tasks }),
})
export default { fetch: worker.fetch } satisfies ExportedHandler<Env>
