import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { eventually, expectEveryScoredScenarioPassed, modernMeta, withModernMeta } from './index.js'
import { sourceAliases } from './vitest-source.mjs'

describe('test helpers', () => {
  it('modernMeta / withModernMeta build the 2026-07-28 _meta, extra keys winning', () => {
    expect(modernMeta({ progressToken: 1 })).toEqual({
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
      progressToken: 1,
    })
    const params = withModernMeta(
      { name: 'x', _meta: { a: 1 } },
      { 'io.modelcontextprotocol/protocolVersion': 'x' },
    )
    expect(params).toMatchObject({
      name: 'x',
      _meta: { a: 1, 'io.modelcontextprotocol/protocolVersion': 'x' },
    })
  })

  it('eventually polls until the assertion holds', async () => {
    let n = 0
    expect(await eventually(() => (++n >= 3 ? n : expect.fail('not yet')))).toBe(3)
  })

  it('expectEveryScoredScenarioPassed refuses a summary with a failed scenario', () => {
    const ok = { label: 'x', ok: true, passedScenarios: 2, totalScenarios: 2, failures: [], problems: [] }
    expectEveryScoredScenarioPassed({ ...ok, cliExitCode: 0 })
    expect(() => expectEveryScoredScenarioPassed({ ...ok, passedScenarios: 1 })).toThrow()
    expect(() => expectEveryScoredScenarioPassed({ ...ok, totalScenarios: 0, passedScenarios: 0 })).toThrow()
    expect(() => expectEveryScoredScenarioPassed({ ...ok, cliExitCode: 1 })).toThrow()
  })

  it('sourceAliases maps package entries to their sources', () => {
    const aliases = sourceAliases()
    const of = (specifier: string) => aliases.find((a) => a.find.test(specifier))?.replacement
    expect(of('@edgemcp/core')).toMatch(/packages\/core\/src\/index\.ts$/)
    expect(of('@edgemcp/core/internal')).toMatch(/packages\/core\/src\/internal\.ts$/)
    expect(of('@edgemcp/streamable-http/internal')).toBe(
      path.resolve(of('@edgemcp/streamable-http') ?? '', '../internal.ts'),
    )
    expect(of('@edgemcp/conformance-server/fixtures')).toMatch(
      /apps\/conformance-server\/src\/fixtures\/index\.ts$/,
    )
    expect(of('@edgemcp/conformance-server/run-suite')).toBeUndefined()
    expect(of('@edgemcp/core/package.json')).toBeUndefined()
    expect(of('@edgemcp/core-x')).toBeUndefined()
  })
})
