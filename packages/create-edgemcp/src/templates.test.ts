import { describe, expect, it } from 'vitest'
import { parseCliArgs, UsageError } from './args.js'
import { projectPackageJson, workersToolVersions } from './templates.js'

describe('workersToolVersions', () => {
  it.each([
    ['v20.20.2', '4.86.0'],
    ['v22.11.0', '4.86.0'],
    ['v22.12.0', '^4.86.0'],
    ['v24.1.0', '^4.86.0'],
  ])('on Node %s gives wrangler %s', (node, want) => {
    expect(workersToolVersions(node).wrangler).toBe(want)
  })
})

describe('projectPackageJson', () => {
  it('pins @edgemcp packages to the built versions and keeps other ranges', () => {
    const pkg = projectPackageJson(
      {
        name: 't',
        dependencies: { '@edgemcp/core': '*', hono: '^4.13.19' },
        devDependencies: { wrangler: '*' },
      },
      { name: 'my-app', versions: { '@edgemcp/core': '0.1.0' }, nodeVersion: 'v20.20.2' },
    )
    expect(pkg).toMatchObject({
      name: 'my-app',
      dependencies: { '@edgemcp/core': '0.1.0', hono: '^4.13.19' },
      devDependencies: { wrangler: '4.86.0' },
    })
  })

  it('throws for a "*" it has no version for', () => {
    expect(() =>
      projectPackageJson(
        { name: 't', dependencies: { left: '*' } },
        { name: 'a', versions: {}, nodeVersion: 'v20.0.0' },
      ),
    ).toThrow(/no version known for left/)
  })
})

describe('parseCliArgs', () => {
  it('reads a directory and the flags', () => {
    expect(parseCliArgs(['app', '--template', 'node', '--no-install', '-y'])).toEqual({
      dir: 'app',
      template: 'node',
      install: false,
      yes: true,
      help: false,
    })
  })

  it.each([[['--bogus']], [['a', 'b']], [['--install', '--no-install']]])('rejects %j', (argv) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError)
  })
})
