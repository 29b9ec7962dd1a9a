import { describe, expect, it } from 'vitest'
import { collect, pages } from './pagination.js'
import type { PaginatedResult } from './types.js'

type Page = PaginatedResult & { items: number[] }

describe('pagination', () => {
  it('follows nextCursor until it is absent', async () => {
    const cursors: Array<string | undefined> = []
    const fetch = async (cursor: string | undefined): Promise<Page> => {
      cursors.push(cursor)
      const n = Number(cursor ?? 0)
      return n < 4 ? { items: [n, n + 1], nextCursor: String(n + 2) } : { items: [n] }
    }
    expect(await collect(fetch, (p) => p.items)).toEqual([0, 1, 2, 3, 4])
    expect(cursors).toEqual([undefined, '2', '4'])
  })

  it('stops a server that repeats a cursor', async () => {
    const loop = async (): Promise<Page> => ({ items: [1], nextCursor: 'same' })
    const seen: Page[] = []
    await expect(async () => {
      for await (const p of pages(loop)) seen.push(p)
    }).rejects.toThrow(/repeated the cursor same/)
    expect(seen).toHaveLength(2)
  })
})
