import { MAX_LISTED } from '../model/schema-limits.js'

/** One page of a list method. */
export interface Page {
  items: unknown[]
  nextCursor?: unknown
}

export class PaginationError extends Error {
  override readonly name = 'PaginationError'
}

export const MAX_PAGES = 1000

/**
 * Every item of a paginated listing, following `nextCursor` to the last page (basic/utilities/pagination). A
 * repeated cursor or a non-string one is an error rather than an endless loop.
 */
export async function collectPages(
  what: string,
  fetchPage: (cursor: string | undefined) => Promise<Page>,
  onPage: (page: number, total: number) => void = () => {},
): Promise<unknown[]> {
  const items: unknown[] = []
  const seen = new Set<string>()
  let cursor: string | undefined
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await fetchPage(cursor)
    if (!Array.isArray(result.items)) throw new PaginationError(`${what} page ${page} has no array of items`)
    items.push(...result.items)
    // The listing's own cap (parseListing refuses more), before the next page is even asked for (L3).
    if (items.length > MAX_LISTED)
      throw new PaginationError(
        `${what} lists more than ${MAX_LISTED} items; codegen takes at most ${MAX_LISTED}`,
      )
    onPage(page, items.length)
    const next = result.nextCursor
    if (next === undefined || next === null) return items
    if (typeof next !== 'string')
      throw new PaginationError(`${what} page ${page}: nextCursor must be a string`)
    if (seen.has(next))
      throw new PaginationError(`${what}: the server repeated the cursor ${JSON.stringify(next)}`)
    seen.add(next)
    cursor = next
  }
  throw new PaginationError(`${what} went on for more than ${MAX_PAGES} pages`)
}
