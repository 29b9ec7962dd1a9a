import type { ServerSession } from '@edgemcp/core'
import { firstRow } from './sql-schema.js'

/** Core numbers a session's server→client requests `s1`, `s2`, … */
const NUMBERED = /^s(\d+)$/

/**
 * The server→client requests (elicitation, sampling, roots) a session has sent and not yet seen answered,
 * kept in SQLite as they go out on a stream. A handler waiting for an answer cannot outlive its Durable
 * Object; this log lets an answer that arrives after a restart be told apart from a bogus one, and keeps
 * request ids from repeating after a restart (an old answer must never resolve a new request).
 */
export class ServerRequestLog {
  constructor(private readonly sql: SqlStorage) {}

  record(id: string, method: string): void {
    this.sql.exec('INSERT OR REPLACE INTO mcp_server_request (id, method) VALUES (?, ?)', id, method)
    const n = NUMBERED.exec(id)?.[1]
    if (n !== undefined)
      this.sql.exec(
        `INSERT INTO mcp_counter (name, value) VALUES ('server_request', ?)
         ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)`,
        Number(n),
      )
  }

  /** Forgets an answered request; the method it was, when it had been recorded. */
  settle(id: string): string | undefined {
    const row = firstRow<{ method: string }>(
      this.sql,
      'SELECT method FROM mcp_server_request WHERE id = ?',
      id,
    )
    if (row) this.sql.exec('DELETE FROM mcp_server_request WHERE id = ?', id)
    return row?.method
  }

  /** The highest request number issued so far (0 when none). */
  highest(): number {
    return (
      firstRow<{ value: number }>(this.sql, "SELECT value FROM mcp_counter WHERE name = 'server_request'")
        ?.value ?? 0
    )
  }

  /**
   * Makes a restored session number its next requests after those issued before. Core keeps the counter
   * private and out of `SessionSnapshot`; this reaches it until the snapshot carries it.
   */
  continueNumbering(session: ServerSession): void {
    const s = session as unknown as { nextRequestId?: unknown }
    const highest = this.highest()
    if (typeof s.nextRequestId === 'number' && s.nextRequestId < highest) s.nextRequestId = highest
  }

  clear(): void {
    this.sql.exec('DELETE FROM mcp_server_request')
    this.sql.exec("DELETE FROM mcp_counter WHERE name = 'server_request'")
  }
}
