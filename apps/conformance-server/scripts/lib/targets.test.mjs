import { describe, expect, it } from 'vitest'
import { DEFAULT_REQUIREMENTS, parseScenarioTarget, parseTargets } from './targets.mjs'

describe('parseTargets', () => {
  it('defaults to both requirement sets and dns-rebinding at both wires', () => {
    const targets = parseTargets(undefined, undefined)
    expect(targets.map((t) => t.label)).toEqual([
      'requirements 2025-11-25',
      'requirements 2026-07-28',
      'scenario dns-rebinding-protection @ 2025-11-25',
      'scenario dns-rebinding-protection @ 2026-07-28',
    ])
    expect(DEFAULT_REQUIREMENTS).toEqual(['2025-11-25', '2026-07-28'])
  })

  it('uses only what was asked for once any target is given', () => {
    const targets = parseTargets([], ['ping'])
    expect(targets).toEqual([{ kind: 'scenario', scenario: 'ping', label: 'scenario ping' }])
  })

  it('rejects malformed targets', () => {
    expect(() => parseTargets(['latest'], [])).toThrow(/bad requirements revision/)
    expect(() => parseScenarioTarget('ping@yesterday')).toThrow(/bad spec version/)
    expect(() => parseScenarioTarget('Bad Name')).toThrow(/bad scenario target/)
  })

  it('accepts the draft alias and auth-style scenario names', () => {
    expect(parseScenarioTarget('caching@draft')).toMatchObject({ scenario: 'caching', specVersion: 'draft' })
    expect(parseScenarioTarget('auth/metadata-default').scenario).toBe('auth/metadata-default')
  })
})
