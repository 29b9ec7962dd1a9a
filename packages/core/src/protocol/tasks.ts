/** The id of the tasks extension (SEP-2663), under `capabilities.extensions`. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks'

/** The `_meta` key under which edgemcp's `tasks/get` reports the last progress of a working task. */
export const PROGRESS_META = 'dev.edgemcp/progress'
