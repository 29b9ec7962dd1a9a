import { ensureSessionTables, firstRow, hasSessionTables } from './sql-schema.js'

/** Unanswered requests kept per session; older ones are forgotten (their answers then get the lost-answer error). */
const MAX_LOGGED = 256

/**
 * The server→client requests (elicitation, sampling, roots) a session has sent and not yet seen answered,
 * kept in SQLite as they go out on a stream. A handler waiting for an answer cannot outlive its Durable
 * Object; this log lets an answer that arrives after a restart be told apart from a bogus one. (Ids are
 * never reused after a restart: core prefixes them with a random tag per session instance.)
 */
export class ServerRequestLog {
  readonly #sql: SqlStorage

  constructor(sql: SqlStorage) {
    this.#sql = sql
  }

  record(id: string, method: string): void {
    ensureSessionTables(this.#sql)
    this.#sql.exec('REPLACE INTO mcp_server_request(id,method)VALUES(?,?)', id, method)
    // Requests that time out are never answered: the log keeps the newest only.
    this.#sql.exec(
      'DELETE FROM mcp_server_request WHERE rowid<=(SELECT rowid FROM mcp_server_request ORDER BY rowid DESC LIMIT 1 OFFSET ?)',
      MAX_LOGGED,
    )
  }

  /** Forgets an answered request; the method it was, when it had been recorded. */
  settle(id: string): string | undefined {
    if (!hasSessionTables(this.#sql)) return undefined
    return firstRow<{ method: string }>(
      this.#sql,
      'DELETE FROM mcp_server_request WHERE id=? RETURNING method',
      id,
    )?.method
  }

  clear(): void {
    if (!hasSessionTables(this.#sql)) return
    this.#sql.exec('DELETE FROM mcp_server_request')
  }
}
