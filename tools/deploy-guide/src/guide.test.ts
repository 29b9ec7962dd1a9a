import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '@edgemcp/tools-pack-check/packages'
import { codeBlocks } from '@edgemcp/tools-pack-check/readme-blocks'
import { describe, expect, it } from 'vitest'
import { documentedOutput, guideSteps } from './guide.js'

describe('the deploy guide, read as steps', () => {
  const steps = guideSteps()

  it('creates the project with C3 answering every question by flag, then works inside it', () => {
    const first = steps[0]
    expect(first).toMatchObject({ kind: 'run' })
    const c3 = first?.kind === 'run' ? first.command : ''
    // Without a terminal C3 cannot ask: each flag answers one of its questions (npm's own "Ok to proceed?" too).
    for (const flag of ['--yes', '--type=hello-world', '--lang=ts', '--no-git', '--no-agents', '--no-deploy'])
      expect(c3.split(' ')).toContain(flag)
    expect(steps[1]).toMatchObject({ kind: 'cd', dir: 'my-mcp-server' })
  })

  it('writes .dev.vars before `wrangler types` reads it, and the files before they are checked', () => {
    const index = (pred: (s: (typeof steps)[number]) => boolean) => steps.findIndex(pred)
    const devVars = index((s) => s.kind === 'run' && s.command.includes('> .dev.vars'))
    const types = index((s) => s.kind === 'run' && s.command === 'npx wrangler types')
    expect(devVars).toBeGreaterThan(0)
    expect(types).toBeGreaterThan(devVars)
    for (const path of ['src/index.ts', 'wrangler.jsonc', 'tsconfig.json'])
      expect(index((s) => s.kind === 'write' && s.path === path)).toBeLessThan(types)
    expect(index((s) => s.kind === 'write' && s.path === 'smoke.mts')).toBeLessThan(
      index((s) => s.kind === 'run' && s.command === 'node smoke.mts'),
    )
  })

  it('says what the smoke script prints', () => {
    const smoke = steps.find((s) => s.kind === 'write' && s.path === 'smoke.mts')
    expect(smoke?.kind === 'write' && documentedOutput(smoke.content)).toBe(
      '2026-07-28 [{"type":"text","text":"Hello, Ada!"}]',
    )
  })

  it('shows the same tsconfig.json as the @edgemcp/workers README', () => {
    const guide = steps.find((s) => s.kind === 'write' && s.path === 'tsconfig.json')
    const readme = readFileSync(join(repoRoot, 'packages/workers/README.md'), 'utf8')
    const shown = codeBlocks(readme, 'packages/workers/README.md').filter((b) =>
      b.code.includes('"compilerOptions"'),
    )
    expect(shown).toHaveLength(1)
    expect(guide?.kind === 'write' && guide.content.trim()).toBe(shown[0]?.code.trim())
  })

  it('turns shell lines into steps: cd, @edgemcp installs, wrangler dev, account commands, deploy', () => {
    const md = [
      '```sh',
      'cd app',
      'npm i -D @edgemcp/core   # a comment',
      'npm i zod',
      'npx wrangler dev',
      'npx wrangler secret put X',
      'npx wrangler deploy',
      '```',
      '```ts',
      '// a.mts',
      'console.log(1)',
      '// 1',
      '```',
      '```ts',
      'const notAStep = 1',
      '```',
    ].join('\n')
    expect(guideSteps(md).map(({ line, ...s }) => s)).toEqual([
      { kind: 'cd', dir: 'app' },
      { kind: 'install', dev: true, packages: ['@edgemcp/core'] },
      { kind: 'run', command: 'npm i zod' },
      { kind: 'dev' },
      { kind: 'account', command: 'npx wrangler secret put X' },
      { kind: 'deploy' },
      { kind: 'write', path: 'a.mts', content: '// a.mts\nconsole.log(1)\n// 1\n' },
    ])
  })
})
