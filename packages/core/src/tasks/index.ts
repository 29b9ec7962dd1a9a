// @edgemcp/core/tasks: the tasks extension (SEP-2663, `io.modelcontextprotocol/tasks`). A subpath of its own, so
// a server that runs no tasks does not carry it.

export { applyTaskChange, isTerminal } from './apply-change.js'
export { TaskLimitError } from './limits.js'
export { createMemoryTaskStore } from './memory-store.js'
export type { MemoryTaskStoreOptions } from './memory-store.js'
export { TASKS_EXTENSION } from './types.js'
export type {
  TaskChange,
  TaskError,
  TaskInputRequest,
  TaskRecord,
  TaskRequest,
  TaskRunner,
  TaskStatus,
  TaskStore,
  TaskTransition,
} from './types.js'
export { taskExtension } from './extension.js'
export type { TaskExtensionOptions } from './extension.js'
export { abortTask, runTask } from './control.js'
export { PROGRESS_META } from '../protocol/tasks.js'
export { awaitTask, clientTasks } from './await-task.js'
export { callToolTask, ToolTask } from './tool-task.js'
export type { TaskInfo, ToolTaskClient } from './tool-task.js'
