/**
 * Tables of the session Durable Object (SQLite storage). One object holds one legacy session: its
 * snapshot, the events of its SSE streams (for `Last-Event-ID`) and the server→client requests it issued.
 */
const SESSION_TABLES = [
  `CREATE TABLE IF NOT EXISTS mcp_session (
    id TEXT PRIMARY KEY, snapshot TEXT NOT NULL, last_activity INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS mcp_stream (
    id TEXT PRIMARY KEY, first_seq INTEGER NOT NULL, next_seq INTEGER NOT NULL, updated INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS mcp_event (
    stream_id TEXT NOT NULL, seq INTEGER NOT NULL, message TEXT, PRIMARY KEY (stream_id, seq))`,
  `CREATE TABLE IF NOT EXISTS mcp_server_request (id TEXT PRIMARY KEY, method TEXT NOT NULL)`,
]

/** Tables of the hub: which sessions have a standalone stream open, and what each one subscribed to. */
const HUB_TABLES = [
  `CREATE TABLE IF NOT EXISTS mcp_hub_listener (session_id TEXT PRIMARY KEY, updated INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS mcp_hub_subscription (
    uri TEXT NOT NULL, session_id TEXT NOT NULL, PRIMARY KEY (uri, session_id))`,
]

export function createSessionTables(sql: SqlStorage): void {
  for (const statement of SESSION_TABLES) sql.exec(statement)
}

export function createHubTables(sql: SqlStorage): void {
  for (const statement of HUB_TABLES) sql.exec(statement)
}

/** The first row of a query, typed. */
export function firstRow<T extends Record<string, SqlStorageValue>>(
  sql: SqlStorage,
  query: string,
  ...bindings: unknown[]
): T | undefined {
  return sql.exec<T>(query, ...bindings).toArray()[0]
}
