import { DurableObject } from 'cloudflare:workers'

export interface Note {
  id: number
  title: string
  body: string
  updated: number
}

/** A note as listed: no body (a listing of many notes stays small). */
export type NoteSummary = Omit<Note, 'body'>

/** Notes one store (one owner) may hold. */
export const MAX_NOTES = 100
/** Longest title, in characters. */
export const MAX_TITLE_LENGTH = 200
/** Longest body (also after appending), in characters. */
export const MAX_BODY_LENGTH = 64 * 1024
/** Notes a search or a summary returns with their bodies, at most. */
export const MAX_RESULTS = 20

/** What the store answers instead of a note when a limit refuses a request (RPC keeps it plain data). */
export interface Refusal {
  refused: string
}

const refuse = (refused: string): Refusal => ({ refused })

/**
 * The notes store: one Durable Object with SQLite storage per owner (each principal when OAuth is on), called
 * over RPC by the tools wherever they run (a Worker isolate or a session's Durable Object). Bounded: at most
 * `MAX_NOTES` notes of at most `MAX_BODY_LENGTH` characters (beyond, a `Refusal`); listings carry no bodies,
 * searches at most `MAX_RESULTS` notes.
 */
export class NotesObject extends DurableObject<unknown> {
  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env)
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS note (
      id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, body TEXT NOT NULL, updated INTEGER NOT NULL)`)
  }

  add(title: string, body: string): Note | Refusal {
    const tooLong =
      lengthProblem('title', title, MAX_TITLE_LENGTH) ?? lengthProblem('body', body, MAX_BODY_LENGTH)
    if (tooLong) return refuse(tooLong)
    const sql = this.ctx.storage.sql
    const count = sql.exec<{ n: number }>('SELECT count(*) AS n FROM note').one().n
    if (count >= MAX_NOTES) return refuse(`at most ${MAX_NOTES} notes: delete one first`)
    const updated = Date.now()
    const row = sql
      .exec<{ id: number }>(
        'INSERT INTO note (title, body, updated) VALUES (?, ?, ?) RETURNING id',
        title,
        body,
        updated,
      )
      .one()
    return { id: row.id, title, body, updated }
  }

  get(id: number): Note | undefined {
    return this.ctx.storage.sql
      .exec<Note & Record<string, number | string>>('SELECT * FROM note WHERE id = ?', id)
      .toArray()[0]
  }

  /** Every note, oldest first, without bodies. */
  list(): NoteSummary[] {
    return this.ctx.storage.sql
      .exec<NoteSummary & Record<string, number | string>>('SELECT id, title, updated FROM note ORDER BY id')
      .toArray()
  }

  /** The most recently updated notes, with their bodies (at most `MAX_RESULTS`). */
  recent(limit = MAX_RESULTS): Note[] {
    return this.ctx.storage.sql
      .exec<Note & Record<string, number | string>>(
        'SELECT * FROM note ORDER BY updated DESC, id DESC LIMIT ?',
        Math.min(limit, MAX_RESULTS),
      )
      .toArray()
  }

  /** Notes whose title or body contains `query` (case-insensitive), newest first (at most `MAX_RESULTS`). */
  search(query: string, limit = MAX_RESULTS): Note[] {
    if (query.length > MAX_TITLE_LENGTH) return []
    const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    return this.ctx.storage.sql
      .exec<Note & Record<string, number | string>>(
        "SELECT * FROM note WHERE title LIKE ?1 ESCAPE '\\' OR body LIKE ?1 ESCAPE '\\' ORDER BY updated DESC, id DESC LIMIT ?2",
        pattern,
        Math.min(limit, MAX_RESULTS),
      )
      .toArray()
  }

  append(id: number, text: string): Note | Refusal | undefined {
    const note = this.get(id)
    if (!note) return undefined
    if (note.body.length + 1 + text.length > MAX_BODY_LENGTH)
      return refuse(`a note's body is at most ${MAX_BODY_LENGTH} characters`)
    const updated = Date.now()
    return this.ctx.storage.sql
      .exec<Note & Record<string, number | string>>(
        'UPDATE note SET body = body || char(10) || ?, updated = ? WHERE id = ? RETURNING *',
        text,
        updated,
        id,
      )
      .toArray()[0]
  }

  remove(id: number): boolean {
    return this.ctx.storage.sql.exec('DELETE FROM note WHERE id = ?', id).rowsWritten > 0
  }
}

const lengthProblem = (what: string, value: string, max: number): string | undefined =>
  value.length > max ? `the ${what} is at most ${max} characters` : undefined
