import type { ServerCore } from '../server/core.js'
import type { McpServer } from '../server/mcp-server.js'
import { serverEngine } from '../server/engine.js'

/** What `runTask` and `abortTask` reach on a server built with the tasks extension. */
export interface TaskControl {
  run(taskId: string): Promise<void>
  abort(taskId: string, reason?: unknown): boolean
}

/** The task controls of each server engine the tasks extension is installed on. */
export const taskControls = new WeakMap<ServerCore, TaskControl>()

function tasksOf(server: McpServer): TaskControl {
  const control = taskControls.get(serverEngine(server))
  if (!control) throw new Error('the server has no tasks extension (options.tasks)')
  return control
}

/**
 * Runs a stored `working` task in this isolate until it completes, fails or needs input; for a `TaskRunner`
 * that executes tasks somewhere else than where they were created (a Durable Object builds the server with
 * the same tools and calls this). Resolves when the run is over; never rejects for the tool's sake (a failure
 * is stored on the task).
 */
export function runTask(server: McpServer, taskId: string): Promise<void> {
  return tasksOf(server).run(taskId)
}

/** Aborts `ctx.signal` of a task running in this isolate; false when it does not run here. */
export function abortTask(server: McpServer, taskId: string, reason?: unknown): boolean {
  return tasksOf(server).abort(taskId, reason)
}
