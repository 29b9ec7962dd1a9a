import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor, paginate } from './pagination.js'

describe('paginate', () => {
  const all = Array.from({ length: 7 }, (_, i) => i)
  it('walks every page exactly once', () => {
    const seen: number[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = paginate(all, cursor, 3, 1)
      seen.push(...page.items)
      cursor = page.nextCursor
      pages++
    } while (cursor)
    expect(seen).toEqual(all)
    expect(pages).toBe(3)
  })
  it('rejects malformed cursors with -32602 naming the field', () => {
    for (const bad of ['%%%', btoa('x:y'), 5, btoa('99:1')]) {
      expect(() => paginate(all, bad, 3, 1)).toThrow(expect.objectContaining({ code: -32602 }))
    }
    expect(decodeCursor(encodeCursor(4, 2))).toBe(4)
  })
})
