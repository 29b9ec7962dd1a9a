import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { checkCommitMessage, MAX_SUBJECT } from './check.mjs'

const hooks = fileURLToPath(new URL('../../../.githooks', import.meta.url))

describe('checkCommitMessage', () => {
  it('accepts a short subject, a blank line and a body', () => {
    expect(checkCommitMessage('core: bound ids\n\nA peer could make us hold 4 MB ids.\n')).toEqual([])
  })

  it('refuses a subject over the limit, a missing body and a missing separator', () => {
    const long = 'x'.repeat(MAX_SUBJECT + 1)
    expect(checkCommitMessage(`${long}\n\nwhy`)).toEqual([`the subject has 73 characters; at most 72`])
    expect(checkCommitMessage('core: bound ids\n')).toEqual([
      'there is no body: after a blank line, say why the change was made',
    ])
    expect(checkCommitMessage('core: bound ids\nwhy it was needed')).toEqual([
      'the second line must be blank (it separates the subject from the body)',
    ])
    expect(checkCommitMessage('\n\nbody')).toEqual(['the subject line is empty'])
    expect(checkCommitMessage('core: bound ids.\n\nwhy')).toEqual(['the subject ends with a full stop'])
  })

  it("ignores git's comment lines and the verbose diff below the scissors", () => {
    const text =
      'core: bound ids\n\nwhy\n# Please enter the commit message\n# ------------------------ >8 ------------------------\ndiff --git a b\n'
    expect(checkCommitMessage(text)).toEqual([])
    expect(checkCommitMessage('core: bound ids\n# comment only\n')).toHaveLength(1)
  })

  it('lets the messages git writes itself through', () => {
    expect(checkCommitMessage("Merge branch 'wip/x'\n")).toEqual([])
    expect(checkCommitMessage('fixup! core: bound ids\n')).toEqual([])
  })
})

describe('the commit-msg hook in a real repository', () => {
  const repo = mkdtempSync(join(tmpdir(), 'edgemcp-commit-msg-'))
  afterAll(() => rmSync(repo, { recursive: true, force: true }))
  const git = (...args) =>
    spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: repo,
      encoding: 'utf8',
    })
  execFileSync('git', ['init', '-q'], { cwd: repo })
  execFileSync('git', ['config', 'core.hooksPath', hooks], { cwd: repo })

  it('refuses a message without a body and names the problem', () => {
    writeFileSync(join(repo, 'a.txt'), 'a')
    git('add', 'a.txt')
    const refused = git('commit', '-q', '-m', 'add a')
    expect(refused.status).not.toBe(0)
    expect(refused.stderr).toContain('there is no body')
    expect(git('rev-parse', '--verify', 'HEAD').status).not.toBe(0)
  })

  it('records a message that follows the rule', () => {
    const done = git('commit', '-q', '-m', 'add a', '-m', 'The test needs one file in the repository.')
    expect(done.stderr).toBe('')
    expect(done.status).toBe(0)
    expect(git('log', '--format=%s', '-1').stdout.trim()).toBe('add a')
  })
})
