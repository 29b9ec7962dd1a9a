import { describe, expect, it } from 'vitest'
import { collectPages, PaginationError } from './paginate.js'

describe('collectPages', () => {
  it('follows nextCursor to the last page', async () => {
    const pages: Record<string, { items: number[]; nextCursor?: string }> = {
      '': { items: [1, 2], nextCursor: 'b' },
      b: { items: [3], nextCursor: 'c' },
      c: { items: [4] },
    }
    const seen: Array<[number, number]> = []
    const items = await collectPages(
      'tools/list',
      async (cursor) => pages[cursor ?? '']!,
      (p, n) => seen.push([p, n]),
    )
    expect(items).toEqual([1, 2, 3, 4])
    expect(seen).toEqual([
      [1, 2],
      [2, 3],
      [3, 4],
    ])
  })

  it('stops a server that repeats a cursor', async () => {
    await expect(
      collectPages('tools/list', async () => ({ items: [1], nextCursor: 'same' })),
    ).rejects.toThrow(PaginationError)
  })

  it('rejects a page without items', async () => {
    await expect(collectPages('tools/list', async () => ({ items: undefined as never }))).rejects.toThrow(
      /no array/,
    )
  })
})
