import { describe, expect, it } from 'vitest'
import { cliArgsForTarget, loadRequirementSet, requirementSetFromYaml } from './conformance-cli.mjs'

describe('requirementSetFromYaml', () => {
  it('keeps the server leg only', () => {
    const set = requirementSetFromYaml('2099-01-01', {
      server: ['ping', 'caching'],
      client: ['initialize'],
      not_scored: [
        { scenario: 'tasks-lifecycle', leg: 'server', reason: 'extension' },
        { scenario: 'auth/dpop', leg: 'client', reason: 'extension' },
      ],
    })
    expect(set).toEqual({
      revision: '2099-01-01',
      scored: ['ping', 'caching'],
      notScored: [{ scenario: 'tasks-lifecycle', reason: 'extension' }],
    })
  })
})

describe('requirementSetFromYaml client leg', () => {
  it('keeps the client leg when asked', () => {
    const doc = {
      server: ['ping'],
      client: ['initialize'],
      not_scored: [
        { scenario: 'tasks-lifecycle', leg: 'server', reason: 'extension' },
        { scenario: 'auth/dpop', leg: 'client', reason: 'extension' },
      ],
    }
    expect(requirementSetFromYaml('2099-01-01', doc, 'client')).toEqual({
      revision: '2099-01-01',
      scored: ['initialize'],
      notScored: [{ scenario: 'auth/dpop', reason: 'extension' }],
    })
  })
})

describe('loadRequirementSet (installed package)', () => {
  it('reads the frozen 2025-11-25 and 2026-07-28 server legs', () => {
    const old = loadRequirementSet('2025-11-25')
    const draft = loadRequirementSet('2026-07-28')
    expect(old.scored).toHaveLength(30)
    expect(draft.scored).toHaveLength(37)
    expect(old.scored).toContain('dns-rebinding-protection')
    expect(draft.scored).toContain('server-stateless')
    expect(draft.notScored.map((e) => e.scenario)).toContain('tasks-lifecycle')
    expect(() => loadRequirementSet('1999-01-01')).toThrow(/no requirement set/)
  })
})

describe('cliArgsForTarget', () => {
  const base = { url: 'http://127.0.0.1:9/mcp', outputDir: '/tmp/o' }
  it('builds a requirements run', () => {
    expect(cliArgsForTarget({ kind: 'requirements', revision: '2026-07-28' }, base)).toEqual([
      'server',
      '--url',
      'http://127.0.0.1:9/mcp',
      '-o',
      '/tmp/o',
      '--requirements',
      '2026-07-28',
    ])
  })
  it('builds a single-scenario run pinned to a spec version, with a timeout', () => {
    const args = cliArgsForTarget(
      { kind: 'scenario', scenario: 'dns-rebinding-protection', specVersion: '2025-11-25' },
      { ...base, timeoutMs: '5000' },
    )
    expect(args.slice(5)).toEqual([
      '--timeout',
      '5000',
      '--scenario',
      'dns-rebinding-protection',
      '--spec-version',
      '2025-11-25',
    ])
  })
  it('forces an extension scenario at a spec version (never a requirement set)', () => {
    const scenario = { kind: 'scenario', scenario: 'sep-2640-skills-directory', specVersion: '2026-07-28' }
    expect(cliArgsForTarget(scenario, { ...base, force: true }).slice(5)).toEqual([
      '--scenario',
      'sep-2640-skills-directory',
      '--spec-version',
      '2026-07-28',
      '--force',
    ])
    const set = { kind: 'requirements', revision: '2026-07-28' }
    expect(cliArgsForTarget(set, { ...base, force: true })).not.toContain('--force')
  })
})
