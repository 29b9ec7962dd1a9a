import { McpLocalError } from '../errors/local-error.js'
import type { PaginatedResult, ClientRequestOptions } from './types.js'

/** Fetches one page of a list method, given the cursor of the previous page's `nextCursor`. */
export type PageFetcher<R extends PaginatedResult> = (cursor: string | undefined) => Promise<R>

/** Bound on pages of one listing, so a server that loops its cursors cannot hang the client. */
export const MAX_PAGES = 10_000

/**
 * Every page of a paginated list, following `nextCursor` until the server sends none
 * (basic/utilities/pagination). A cursor the server already sent in this listing ends it with an error.
 */
export async function* pages<R extends PaginatedResult>(
  fetch: PageFetcher<R>,
  options: Pick<ClientRequestOptions, 'signal'> = {},
): AsyncGenerator<R, void, undefined> {
  const seen = new Set<string>()
  let cursor: string | undefined
  for (let n = 0; n < MAX_PAGES; n++) {
    options.signal?.throwIfAborted()
    const page = await fetch(cursor)
    yield page
    const next = page.nextCursor
    if (next === undefined || next === null) return
    if (typeof next !== 'string') throw new McpLocalError('remote', 'nextCursor must be a string')
    if (seen.has(next)) throw new McpLocalError('remote', `The server repeated the cursor ${next}`)
    seen.add(next)
    cursor = next
  }
  throw new McpLocalError('remote', `A listing went on for more than ${MAX_PAGES} pages`)
}

/** The items of every page, one by one. */
export async function* items<R extends PaginatedResult, T>(
  fetch: PageFetcher<R>,
  pick: (page: R) => readonly T[] | undefined,
  options: Pick<ClientRequestOptions, 'signal'> = {},
): AsyncGenerator<T, void, undefined> {
  for await (const page of pages(fetch, options)) yield* pick(page) ?? []
}

/** All items of a listing in one array. */
export async function collect<R extends PaginatedResult, T>(
  fetch: PageFetcher<R>,
  pick: (page: R) => readonly T[] | undefined,
  options: Pick<ClientRequestOptions, 'signal'> = {},
): Promise<T[]> {
  const out: T[] = []
  for await (const item of items(fetch, pick, options)) out.push(item)
  return out
}
