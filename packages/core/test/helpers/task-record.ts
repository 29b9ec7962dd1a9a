import type { TaskRecord } from '../../src/tasks/types.js'

/** A `working` task record for tests (not exported from the package). */
export function taskRecord(
  overrides: Partial<TaskRecord> = {},
  now = Date.parse('2026-01-01T00:00:00Z'),
): TaskRecord {
  const at = new Date(now).toISOString()
  return {
    taskId: 'task-1',
    status: 'working',
    createdAt: at,
    lastUpdatedAt: at,
    ttlMs: 60_000,
    expiresAt: now + 60_000,
    request: {
      method: 'tools/call',
      params: { name: 'slow', arguments: {} },
      protocolVersion: '2026-07-28',
      clientCapabilities: {},
    },
    ...overrides,
  }
}
