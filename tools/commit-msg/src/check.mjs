#!/usr/bin/env node
// The commit-message rule of CONTRIBUTING.md, run by the `.githooks/commit-msg` hook (`npm ci` points git at
// `.githooks`). A message is history for the next person: a short subject, then a body that says why.
import { readFileSync } from 'node:fs'

export const MAX_SUBJECT = 72

/**
 * The problems of one commit message, as lines a person can act on; empty when it follows the rule.
 * Comment lines (`#`, as git's editor template writes them) and a trailing scissors section are ignored.
 */
export function checkCommitMessage(text) {
  const scissors = text.search(/^# -+ >8 -+$/m)
  const lines = (scissors === -1 ? text : text.slice(0, scissors))
    .split('\n')
    .filter((line) => !line.startsWith('#'))
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === '') lines.pop()
  const [subject = '', separator, ...body] = lines
  // Git writes these itself: autosquash markers and merge commits.
  if (/^(fixup|squash|amend)! |^Merge (branch|remote-tracking branch|tag|commit) /.test(subject)) return []
  const problems = []
  if (subject.trim() === '') return ['the subject line is empty']
  if (subject.length > MAX_SUBJECT) {
    problems.push(`the subject has ${subject.length} characters; at most ${MAX_SUBJECT}`)
  }
  if (/\.$/.test(subject)) problems.push('the subject ends with a full stop')
  if (separator !== undefined && separator.trim() !== '') {
    problems.push('the second line must be blank (it separates the subject from the body)')
  } else if (body.every((line) => line.trim() === '')) {
    problems.push('there is no body: after a blank line, say why the change was made')
  }
  return problems
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2]
  if (file === undefined) {
    console.error('usage: check.mjs <commit message file>')
    process.exit(2)
  }
  const problems = checkCommitMessage(readFileSync(file, 'utf8'))
  if (problems.length > 0) {
    console.error(
      `commit message refused (see CONTRIBUTING.md):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    )
    process.exit(1)
  }
}
