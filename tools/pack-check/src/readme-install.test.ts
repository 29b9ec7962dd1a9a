import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { publishedPackages } from './packages.js'
import { installLineProblem } from './readme-install.js'

describe('the install line', () => {
  it.each(publishedPackages().map((p) => ({ name: p.json.name, pkg: p })))(
    '$name: its README opens with the title, then the command that installs it',
    ({ name, pkg }) => {
      const readme = readFileSync(join(pkg.path, 'README.md'), 'utf8')
      expect(installLineProblem(readme, name)).toBeUndefined()
    },
  )

  it('accepts npm i and npm install with other packages on the line', () => {
    expect(installLineProblem('# @x/a\n\n```sh\nnpm i -D @x/a vitest\n```\n', '@x/a')).toBeUndefined()
    expect(installLineProblem('# @x/a\n```bash\n$ npm install @x/b @x/a\n```', '@x/a')).toBeUndefined()
  })

  it('wants an initializer (create-<x>) run as npm create <x>, not installed', () => {
    expect(
      installLineProblem('# create-a\n\n```sh\nnpm create a@latest dir -- -t b\n```', 'create-a'),
    ).toBeUndefined()
    expect(installLineProblem('# create-a\n\n```sh\nnpm init a\n```', 'create-a')).toBeUndefined()
    expect(installLineProblem('# create-a\n\n```sh\nnpm i create-a\n```', 'create-a')).toMatch(
      /npm create a@latest/,
    )
    expect(installLineProblem('# create-a\n\n```sh\nnpm create b@latest\n```', 'create-a')).toMatch(
      /must run create-a/,
    )
  })

  it('refuses prose, a badge or another package before the install line, and a missing title', () => {
    expect(installLineProblem('# @x/a\n\nThe a package.\n\n```sh\nnpm i @x/a\n```', '@x/a')).toMatch(
      /right after the title/,
    )
    expect(installLineProblem('# @x/a\n\n```sh\nnpm i @x/b\n```', '@x/a')).toMatch(/must install @x\/a/)
    expect(installLineProblem('# @x/a\n\n```ts\nimport "@x/a"\n```', '@x/a')).toMatch(/```sh block/)
    expect(installLineProblem('Intro\n# @x/a\n```sh\nnpm i @x/a\n```', '@x/a')).toMatch(/open with the title/)
  })
})
