import type { McpServer } from '../server/mcp-server.js'
import { serverEngine } from '../server/mcp-server.js'

function tasksOf(server: McpServer) {
  const core = serverEngine(server)
  if (!core.tasks) throw new Error('the server has no tasks extension (options.tasks)')
  return { core, tasks: core.tasks }
}

/**
 * Runs a stored `working` task in this isolate until it completes, fails or needs input; for a `TaskRunner`
 * that executes tasks somewhere else than where they were created (a Durable Object builds the server with
 * the same tools and calls this). Resolves when the run is over; never rejects for the tool's sake (a failure
 * is stored on the task).
 */
export function runTask(server: McpServer, taskId: string): Promise<void> {
  const { core, tasks } = tasksOf(server)
  return tasks.run(core, taskId)
}

/** Aborts `ctx.signal` of a task running in this isolate; false when it does not run here. */
export function abortTask(server: McpServer, taskId: string, reason?: unknown): boolean {
  return tasksOf(server).tasks.abort(taskId, reason)
}
