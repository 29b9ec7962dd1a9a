import { describe, expect, it } from 'vitest'
import { metadataProblems } from './metadata.js'
import { publishedPackages } from './packages.js'
import { checkPackage, checkPackages, formatViolation } from './policy.js'

const siblings = new Map([
  ['@edgemcp/core', '0.3.1'],
  ['@edgemcp/streamable-http', '0.3.1'],
])
const pkg = (fields: Record<string, unknown>) => ({ name: '@edgemcp/x', version: '0.3.1', ...fields })
const problems = (fields: Record<string, unknown>) =>
  checkPackage(pkg(fields), siblings).map((v) => v.problem)

describe('the published packages of this repository', () => {
  it('are found under packages/ (none listed by hand), and follow the dependency rules', () => {
    const pkgs = publishedPackages()
    expect(pkgs.map((p) => p.json.name)).toContain('@edgemcp/core')
    expect(checkPackages(pkgs.map((p) => p.json)).map(formatViolation)).toEqual([])
  })

  it('carry the license and repository metadata', () => {
    expect(publishedPackages().flatMap(metadataProblems)).toEqual([])
  })
})

describe('checkPackage', () => {
  it('accepts caret siblings at their current version, bounded third-party ranges and tested peers', () => {
    expect(
      problems({
        dependencies: { '@edgemcp/core': '^0.3.1', jose: '^6.0.0', tslib: '~2.8.0', a: '>=1.2.0 <2' },
        peerDependencies: { hono: '^4.6.0', '@hono/node-server': '^1.13.0 || ^2.0.0' },
        devDependencies: { hono: '4.13.19', '@hono/node-server': '2.1.9', '@edgemcp/core': '^0.3.1' },
      }),
    ).toEqual([])
  })

  it.each([
    ['"*"', '*'],
    ['an exact version', '0.3.1'],
    ['an older caret', '^0.3.0'],
    ['a tilde', '~0.3.1'],
    ['latest', 'latest'],
  ])('rejects a sibling required as %s', (_, range) => {
    expect(problems({ dependencies: { '@edgemcp/core': range } })).toEqual([
      'a sibling must be required as "^0.3.1"',
    ])
  })

  it.each([
    ['*', /no upper bound/],
    ['', /no upper bound/],
    ['x', /no upper bound/],
    ['>=1.0.0', /no upper bound/],
    ['^1.0.0 || *', /no upper bound/],
    ['latest', /not a semver range/],
    ['1.2.3', /exact pin/],
    ['=1.2.3', /exact pin/],
    ['file:../x', /path, URL or protocol/],
    ['github:o/r', /path, URL or protocol/],
  ])('rejects the third-party dependency range %j', (range, problem) => {
    expect(problems({ dependencies: { jose: range } })).toEqual([expect.stringMatching(problem)])
  })

  it('rejects hono as a dependency, pinned or not: it must be a peer', () => {
    for (const range of ['4.13.19', '^4.6.0'])
      expect(problems({ dependencies: { hono: range } })).toEqual([
        'a framework the user also installs must be a peerDependency',
      ])
  })

  it('rejects a pinned or open peer, and a peer the repository does not test inside its range', () => {
    expect(problems({ peerDependencies: { hono: '4.13.19' }, devDependencies: { hono: '4.13.19' } })).toEqual(
      [expect.stringMatching(/exact pin/)],
    )
    expect(problems({ peerDependencies: { hono: '*' }, devDependencies: { hono: '4.13.19' } })).toEqual([
      expect.stringMatching(/no upper bound/),
    ])
    expect(problems({ peerDependencies: { hono: '^4.6.0' } })).toEqual([
      'a peer must also be a devDependency (tested)',
    ])
    expect(problems({ peerDependencies: { hono: '^4.6.0' }, devDependencies: { hono: '3.12.0' } })).toEqual([
      'must be one version inside the peer range ^4.6.0',
    ])
  })

  it('names the package, field and range in its report', () => {
    const [v] = checkPackage(pkg({ dependencies: { '@edgemcp/core': '*' } }), siblings)
    expect(formatViolation(v!)).toBe(
      '@edgemcp/x: dependencies["@edgemcp/core"] = "*" a sibling must be required as "^0.3.1"',
    )
  })
})
