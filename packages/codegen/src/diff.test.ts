import { describe, expect, it } from 'vitest'
import { unifiedDiff } from './diff.js'

/** Applies a unified diff to `before` (our own hunks only), to check diffs by round trip. */
function apply(before: string, diff: string): string {
  const a = before.split('\n')
  a.pop()
  const out: string[] = []
  let at = 0
  for (const line of diff.split('\n').slice(2)) {
    const hunk = /^@@ -(\d+),(\d+) /.exec(line)
    if (hunk) {
      const start = Number(hunk[2]) === 0 ? Number(hunk[1]) : Number(hunk[1]) - 1
      while (at < start) out.push(a[at++]!)
    } else if (line.startsWith(' ')) {
      out.push(a[at++]!)
    } else if (line.startsWith('-')) {
      at++
    } else if (line.startsWith('+')) {
      out.push(line.slice(1))
    }
  }
  while (at < a.length) out.push(a[at++]!)
  return `${out.join('\n')}\n`
}

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a\n', 'a\n', 'x', 'y')).toBe('')
  })

  it('writes one hunk with context', () => {
    const before = 'a\nb\nc\nd\ne\nf\ng\nh\n'
    const after = 'a\nb\nc\nd\nE\nf\ng\nh\n'
    expect(unifiedDiff(before, after, 'old', 'new')).toBe(
      '--- old\n+++ new\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n',
    )
  })

  it('handles a file that did not exist', () => {
    expect(unifiedDiff('', 'x\ny\n', 'a', 'b')).toBe('--- a\n+++ b\n@@ -0,0 +1,2 @@\n+x\n+y\n')
  })

  it('round-trips random edits', () => {
    let seed = 7
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    for (let round = 0; round < 200; round++) {
      const before = Array.from({ length: rand(40) }, () => `l${rand(6)}`)
      const after = before.flatMap((line) => {
        const r = rand(10)
        return r === 0 ? [] : r === 1 ? [line, `n${rand(6)}`] : r === 2 ? [`c${rand(6)}`] : [line]
      })
      const a = before.length ? `${before.join('\n')}\n` : ''
      const b = after.length ? `${after.join('\n')}\n` : ''
      const diff = unifiedDiff(a, b, 'a', 'b')
      expect(diff === '' ? a : apply(a, diff)).toBe(b)
    }
  })
})
