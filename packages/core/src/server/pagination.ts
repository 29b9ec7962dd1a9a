import { invalidParams } from '../errors/protocol-error.js'

/**
 * Opaque cursors (basic/utilities/pagination): the offset and the list's version, base64url-encoded. A cursor
 * from an older version of the list still works (offsets stay meaningful); a malformed one is -32602.
 */
export function encodeCursor(offset: number, version: number): string {
  return btoa(`${offset}:${version}`).replace(/=+$/, '')
}

export function decodeCursor(cursor: unknown): number {
  if (cursor === undefined) return 0
  if (typeof cursor !== 'string') throw invalidParams('must be a string', 'cursor')
  let text = ''
  try {
    text = atob(cursor)
  } catch {} // not base64: no match below
  const m = /^(\d{1,9}):(\d{1,15})$/.exec(text)
  if (!m) throw invalidParams('not a cursor this server issued', 'cursor')
  return Number(m[1])
}

export interface Page<T> {
  items: T[]
  nextCursor?: string
}

export function paginate<T>(all: readonly T[], cursor: unknown, pageSize: number, version: number): Page<T> {
  const offset = decodeCursor(cursor)
  if (offset > all.length) throw invalidParams('cursor is past the end of the list', 'cursor')
  const end = offset + pageSize
  const items = offset === 0 && end >= all.length ? (all as T[]) : all.slice(offset, end)
  return end < all.length ? { items, nextCursor: encodeCursor(end, version) } : { items }
}
