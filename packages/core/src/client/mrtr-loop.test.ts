import { describe, expect, it } from 'vitest'
import { checkResultType, runInputLoop } from './mrtr-loop.js'
import type { JsonObject } from './types.js'

const need = (inputRequests: JsonObject | undefined, requestState?: string): JsonObject => ({
  resultType: 'input_required',
  ...(inputRequests ? { inputRequests } : {}),
  ...(requestState === undefined ? {} : { requestState }),
})
const ask = { method: 'elicitation/create', params: { message: 'm', requestedSchema: {} } }

describe('runInputLoop', () => {
  it('retries with the answers and the exact state, dropping stale inputs of the caller', async () => {
    const sent: JsonObject[] = []
    const replies = [need({ a: ask, b: ask }, 'S1'), need(undefined, 'S2'), { resultType: 'complete', ok: 1 }]
    const result = await runInputLoop(
      { name: 't', inputResponses: { old: {} }, requestState: 'stale' },
      async (p) => {
        sent.push(p)
        return replies.shift()!
      },
      async (key) => ({ action: 'accept', content: { key } }),
      { method: 'tools/call', maxRounds: 5 },
    )
    expect(result).toEqual({ resultType: 'complete', ok: 1 })
    expect(sent[1]).toEqual({
      name: 't',
      requestState: 'S1',
      inputResponses: {
        a: { action: 'accept', content: { key: 'a' } },
        b: { action: 'accept', content: { key: 'b' } },
      },
    })
    expect(sent[2]).toEqual({ name: 't', requestState: 'S2' }) // no inputRequests: no inputResponses
  })

  it('omits requestState when the server sent none', async () => {
    const sent: JsonObject[] = []
    const replies = [need({ a: ask }), {}]
    await runInputLoop(
      { name: 't' },
      async (p) => {
        sent.push(p)
        return replies.shift()!
      },
      async () => ({ action: 'decline' }),
      {
        method: 'tools/call',
        maxRounds: 2,
      },
    )
    expect('requestState' in sent[1]!).toBe(false)
  })

  it('is bounded and rejects malformed input_required answers', async () => {
    const always = async () => need({ a: ask }, 'S')
    const fulfil = async () => ({ action: 'cancel' })
    await expect(runInputLoop({}, always, fulfil, { method: 'tools/call', maxRounds: 2 })).rejects.toThrow(
      /after 2 rounds/,
    )
    await expect(
      runInputLoop({}, async () => need(undefined), fulfil, { method: 'tools/call', maxRounds: 2 }),
    ).rejects.toThrow(/neither inputRequests nor requestState/)
    await expect(
      runInputLoop({}, async () => need({ a: 'nope' } as JsonObject), fulfil, {
        method: 'tools/call',
        maxRounds: 2,
      }),
    ).rejects.toThrow(/inputRequests.a/)
  })
})

describe('checkResultType', () => {
  it('treats an absent resultType as complete and refuses unknown ones', () => {
    expect(checkResultType('tools/list', {})).toBe('complete')
    expect(checkResultType('tools/call', { resultType: 'input_required' })).toBe('input_required')
    expect(() => checkResultType('tools/list', { resultType: 'input_required' })).toThrow(/only tools\/call/)
    expect(() => checkResultType('tools/call', { resultType: 'bogus' })).toThrow(/unknown resultType "bogus"/)
    // A CreateTaskResult (SEP-2663) answers tools/call only.
    expect(checkResultType('tools/call', { resultType: 'task' })).toBe('task')
    expect(() => checkResultType('prompts/get', { resultType: 'task' })).toThrow(/unknown resultType "task"/)
  })
})
