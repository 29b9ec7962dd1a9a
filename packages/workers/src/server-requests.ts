import { firstRow } from './sql-schema.js'

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
    this.#sql.exec('REPLACE INTO mcp_server_request(id,method)VALUES(?,?)', id, method)
  }

  /** Forgets an answered request; the method it was, when it had been recorded. */
  settle(id: string): string | undefined {
    return firstRow<{ method: string }>(
      this.#sql,
      'DELETE FROM mcp_server_request WHERE id=? RETURNING method',
      id,
    )?.method
  }

  clear(): void {
    this.#sql.exec('DELETE FROM mcp_server_request')
  }
}
