import { DurableObject } from 'cloudflare:workers'

export interface Note {
  id: number
  title: string
  body: string
  updated: number
}

/**
 * The notes store: one Durable Object with SQLite storage, called over RPC by the tools wherever they run
 * (a Worker isolate or a session's Durable Object).
 */
export class NotesObject extends DurableObject<unknown> {
  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env)
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS note (
      id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, body TEXT NOT NULL, updated INTEGER NOT NULL)`)
  }

  add(title: string, body: string): Note {
    const updated = Date.now()
    const row = this.ctx.storage.sql
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

  list(): Note[] {
    return this.ctx.storage.sql
      .exec<Note & Record<string, number | string>>('SELECT * FROM note ORDER BY id')
      .toArray()
  }

  /** Notes whose title or body contains `query` (case-insensitive), newest first. */
  search(query: string, limit = 20): Note[] {
    const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    return this.ctx.storage.sql
      .exec<Note & Record<string, number | string>>(
        "SELECT * FROM note WHERE title LIKE ?1 ESCAPE '\\' OR body LIKE ?1 ESCAPE '\\' ORDER BY updated DESC, id DESC LIMIT ?2",
        pattern,
        limit,
      )
      .toArray()
  }

  append(id: number, text: string): Note | undefined {
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
