import { describe, expect, it } from 'vitest'
import { applyTaskChange, isTerminal } from './apply-change.js'
import { taskRecord } from '../../test/helpers/task-record.js'

const later = new Date('2026-01-01T00:00:05Z')
const ask = { method: 'elicitation/create', params: { message: 'name?', requestedSchema: {} } }

describe('applyTaskChange', () => {
  it('records progress and uses its message as the status message', () => {
    const t = applyTaskChange(
      taskRecord(),
      { type: 'progress', progress: 2, total: 4, message: 'half' },
      later,
    )
    expect(t.progress).toEqual({ progress: 2, total: 4, message: 'half' })
    expect(t.statusMessage).toBe('half')
    expect(t.lastUpdatedAt).toBe(later.toISOString())
  })

  it('parks a task for input and keeps the answers it already used', () => {
    const t = applyTaskChange(
      taskRecord({ inputResponses: { a: { action: 'accept' } } }),
      { type: 'input_required', inputRequests: { b: ask }, inputResponses: { c: { action: 'decline' } } },
      later,
    )
    expect(t.status).toBe('input_required')
    expect(t.inputRequests).toEqual({ b: ask })
    expect(Object.keys(t.inputResponses ?? {})).toEqual(['a', 'c'])
  })

  it('takes answers to pending keys only, and works again once none is pending', () => {
    const waiting = taskRecord({ status: 'input_required', inputRequests: { a: ask, b: ask } })
    const unknown = applyTaskChange(waiting, { type: 'input', inputResponses: { zzz: {} } }, later)
    expect(unknown).toBe(waiting)
    const partial = applyTaskChange(
      waiting,
      { type: 'input', inputResponses: { a: { action: 'accept' } } },
      later,
    )
    expect(partial.status).toBe('input_required')
    expect(Object.keys(partial.inputRequests ?? {})).toEqual(['b'])
    const again = applyTaskChange(
      partial,
      { type: 'input', inputResponses: { a: { action: 'cancel' } } },
      later,
    )
    expect(again).toBe(partial)
    const done = applyTaskChange(
      partial,
      { type: 'input', inputResponses: { b: { action: 'accept' } } },
      later,
    )
    expect(done.status).toBe('working')
    expect(done.inputRequests).toBeUndefined()
    expect(done.inputResponses).toEqual({ a: { action: 'accept' }, b: { action: 'accept' } })
  })

  it('ignores input for a task that waits for none', () => {
    const t = taskRecord()
    expect(applyTaskChange(t, { type: 'input', inputResponses: { a: {} } })).toBe(t)
  })

  it('never changes a terminal task', () => {
    for (const change of [
      { type: 'completed', result: { content: [] } },
      { type: 'failed', error: { code: -32603, message: 'boom' } },
      { type: 'cancelled' },
    ] as const) {
      const end = applyTaskChange(taskRecord(), change, later)
      expect(isTerminal(end.status)).toBe(true)
      expect(applyTaskChange(end, { type: 'cancelled' })).toBe(end)
      expect(applyTaskChange(end, { type: 'completed', result: {} })).toBe(end)
      expect(applyTaskChange(end, { type: 'progress', progress: 9 })).toBe(end)
    }
  })

  it('drops pending requests when a task ends', () => {
    const waiting = taskRecord({ status: 'input_required', inputRequests: { a: ask } })
    const cancelled = applyTaskChange(waiting, { type: 'cancelled', statusMessage: 'by client' }, later)
    expect(cancelled).toMatchObject({ status: 'cancelled', statusMessage: 'by client' })
    expect(cancelled.inputRequests).toBeUndefined()
  })
})
