import { describe, expect, it } from 'vitest'
import { specDefinitionNames, validateAgainstSpec } from '../helpers/spec-validator.js'

const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']

describe('validateAgainstSpec', () => {
  it.each(REVISIONS)('%s: validates JSON-RPC envelopes (draft-07 and 2020-12 documents)', (rev) => {
    expect(validateAgainstSpec(rev, 'JSONRPCRequest', { jsonrpc: '2.0', id: 1, method: 'ping' })).toEqual({
      valid: true,
      errors: [],
    })
    const missingId = validateAgainstSpec(rev, 'JSONRPCRequest', { jsonrpc: '2.0', method: 'ping' })
    expect(missingId.valid).toBe(false)
    expect(missingId.errors.length).toBeGreaterThan(0)
    expect(validateAgainstSpec(rev, 'JSONRPCRequest', { jsonrpc: '1.0', id: 1, method: 'ping' }).valid).toBe(
      false,
    )
  })

  it('checks results of the old era', () => {
    const result = { content: [{ type: 'text', text: 'hi' }] }
    expect(validateAgainstSpec('2025-06-18', 'CallToolResult', result).valid).toBe(true)
    expect(validateAgainstSpec('2025-06-18', 'ServerResult', result).valid).toBe(true)
    expect(
      validateAgainstSpec('2025-06-18', 'JSONRPCResponse', { jsonrpc: '2.0', id: 'a', result }).valid,
    ).toBe(true)
    const bad = validateAgainstSpec('2025-06-18', 'CallToolResult', { content: [{ type: 'text', text: 7 }] })
    expect(bad.valid).toBe(false)
    expect(bad.errors.some((e) => e.startsWith('#/content/0'))).toBe(true)
  })

  it('checks results of 2026-07-28, which require resultType', () => {
    const result = { resultType: 'complete', content: [{ type: 'text', text: 'hi' }] }
    expect(validateAgainstSpec('2026-07-28', 'CallToolResult', result).valid).toBe(true)
    const { resultType: _omitted, ...legacy } = result
    expect(validateAgainstSpec('2026-07-28', 'CallToolResult', legacy).valid).toBe(false)
    expect(
      validateAgainstSpec('2026-07-28', 'InputRequiredResult', { resultType: 'input_required' }).valid,
    ).toBe(true)
  })

  it('knows every definition, and rejects unknown ones and unknown revisions', () => {
    expect(specDefinitionNames('2024-11-05')).toContain('InitializeRequest')
    expect(specDefinitionNames('2026-07-28')).toContain('DiscoverResult')
    expect(() => validateAgainstSpec('2026-07-28', 'InitializeRequest', {})).toThrow(/no definition/)
    expect(() => validateAgainstSpec('1999-01-01', 'Result', {})).toThrow()
    expect(() => validateAgainstSpec('../x', 'Result', {})).toThrow(/not a revision/)
  })
})
