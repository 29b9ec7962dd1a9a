import type { TaskChange, TaskRecord, TaskStatus } from './types.js'

const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled'])

/** Whether a task has reached its end (`completed`, `failed`, `cancelled`): it never changes again. */
export const isTerminal = (status: TaskStatus): boolean => TERMINAL.has(status)

/** A copy of `task` without the fields of a waiting task. */
function settled(task: TaskRecord, stamp: string): TaskRecord {
  const { inputRequests: _r, ...rest } = task
  return { ...rest, lastUpdatedAt: stamp }
}

/**
 * The one definition of how a task changes; every `TaskStore` applies changes with it (inside its own atomic
 * section). Returns `task` itself when the change does not apply: a terminal task, input for a task that waits
 * for none, answers to keys that are not pending. Never mutates `task`.
 *
 * Answers (`input`) are kept only for keys still pending; once none is pending the task is `working` again and
 * its runner replays the handler with every answer so far.
 */
export function applyTaskChange(task: TaskRecord, change: TaskChange, now: Date = new Date()): TaskRecord {
  if (isTerminal(task.status)) return task
  const stamp = now.toISOString()
  switch (change.type) {
    case 'progress': {
      const progress: NonNullable<TaskRecord['progress']> = { progress: change.progress }
      if (change.total !== undefined) progress.total = change.total
      if (change.message !== undefined) progress.message = change.message
      const next: TaskRecord = { ...task, progress, lastUpdatedAt: stamp }
      if (change.message !== undefined) next.statusMessage = change.message
      return next
    }
    case 'input_required':
      return {
        ...task,
        status: 'input_required',
        inputRequests: { ...change.inputRequests },
        inputResponses: { ...task.inputResponses, ...change.inputResponses },
        lastUpdatedAt: stamp,
      }
    case 'input': {
      if (task.status !== 'input_required' || !task.inputRequests) return task
      const pending = { ...task.inputRequests }
      const answers = { ...task.inputResponses }
      let taken = 0
      for (const [key, value] of Object.entries(change.inputResponses)) {
        if (!Object.hasOwn(pending, key)) continue
        answers[key] = value
        delete pending[key]
        taken++
      }
      if (taken === 0) return task
      if (Object.keys(pending).length > 0)
        return { ...task, inputRequests: pending, inputResponses: answers, lastUpdatedAt: stamp }
      return { ...settled(task, stamp), status: 'working', inputResponses: answers }
    }
    case 'completed':
      return { ...settled(task, stamp), status: 'completed', result: change.result }
    case 'failed':
      return { ...settled(task, stamp), status: 'failed', error: change.error }
    case 'cancelled': {
      const next: TaskRecord = { ...settled(task, stamp), status: 'cancelled' }
      if (change.statusMessage !== undefined) next.statusMessage = change.statusMessage
      return next
    }
  }
}
