import type { McpServer, ServerSession } from '@edgemcp/core'
import type { SessionStore } from '@edgemcp/streamable-http'
import { ensureSessionTables, firstRow, hasSessionTables } from './sql-schema.js'

export interface SqlSessionStoreOptions {
  /** Runs on a session brought back from storage (after the object was evicted). */
  onRestore?: (session: ServerSession) => void
  /** Runs when a session is forgotten (DELETE, expiry, close). */
  onDelete?: (id: string) => void
  /** Last-activity writes are spaced at least this far apart. Default 60 s. */
  touchIntervalMs?: number
  now?: () => number
}

interface SessionRow extends Record<string, SqlStorageValue> {
  snapshot: string
  last_activity: number
}

/** What is stored of a session, as compared before writing. */
const serialize = (session: ServerSession): string => JSON.stringify(session.snapshot())

/**
 * A `SessionStore` on Durable Object SQLite; it creates the session tables when it first stores a session. The object serves one session; the live `ServerSession` (with
 * its open streams and pending requests) stays in memory while the object lives, and everything the next
 * request needs (`snapshot()` — principal binding included — and last activity) is in storage, so a new instance after eviction
 * carries on where the old one stopped.
 */
export class SqlSessionStore implements SessionStore {
  #current: ServerSession | undefined
  #written: string | undefined
  #touchedAt = 0

  readonly #sql: SqlStorage
  readonly #server: McpServer
  readonly #options: SqlSessionStoreOptions

  constructor(sql: SqlStorage, server: McpServer, options: SqlSessionStoreOptions = {}) {
    this.#sql = sql
    this.#server = server
    this.#options = options
  }

  /** The session in memory, if any (without touching storage). */
  get loaded(): ServerSession | undefined {
    return this.#current
  }

  async get(id: string): Promise<ServerSession | undefined> {
    let session = this.#current
    if (session?.id !== id) {
      // (No tables, no session: nothing is created for an id nobody created.)
      if (!hasSessionTables(this.#sql)) return undefined
      const row = firstRow<SessionRow>(
        this.#sql,
        'SELECT snapshot,last_activity FROM mcp_session WHERE id=?',
        id,
      )
      if (!row) return undefined
      session = this.#server.restoreSession(JSON.parse(row.snapshot))
      session.lastActivity = row.last_activity
      this.#options.onRestore?.(session)
      this.#current = session
      this.#written = row.snapshot
    } else if (session.closed) return undefined
    this.#save(session)
    return session
  }

  async set(session: ServerSession): Promise<void> {
    this.#current = session
    this.#save(session, serialize(session))
  }

  async delete(id: string): Promise<void> {
    if (this.#current?.id === id) this.#current = undefined
    this.#written = undefined
    if (hasSessionTables(this.#sql)) this.#sql.exec('DELETE FROM mcp_session WHERE id=?', id)
    this.#options.onDelete?.(id)
  }

  /** Stores the session again if its snapshot changed (after a request); true when it did. */
  persist(session: ServerSession): boolean {
    if (session.closed || this.#current !== session) return false
    const snapshot = serialize(session)
    if (snapshot === this.#written) return false
    this.#save(session, snapshot)
    return true
  }

  /** When the session was last used, in memory or storage; undefined when there is none. */
  lastActivity(): number | undefined {
    if (!hasSessionTables(this.#sql)) return undefined
    const row = firstRow<{ last_activity: number }>(this.#sql, 'SELECT last_activity FROM mcp_session')
    if (!row) return undefined
    return Math.max(row.last_activity, this.#current?.lastActivity ?? 0)
  }

  /**
   * Marks the session used now: writes it with its `snapshot`, or else (a request of a stored session)
   * writes its last activity, at most every `touchIntervalMs`.
   */
  #save(session: ServerSession, snapshot?: string): void {
    const at = (this.#options.now ?? Date.now)()
    session.lastActivity = at
    if (snapshot !== undefined) {
      ensureSessionTables(this.#sql)
      this.#sql.exec(
        'REPLACE INTO mcp_session(id,snapshot,last_activity)VALUES(?,?,?)',
        session.id,
        snapshot,
        at,
      )
      this.#written = snapshot
    } else if (at - this.#touchedAt < (this.#options.touchIntervalMs ?? 60_000)) return
    else this.#sql.exec('UPDATE mcp_session SET last_activity=? WHERE id=?', at, session.id)
    this.#touchedAt = at
  }
}
