/**
 * Tables of the session Durable Object (SQLite storage). One object holds one legacy session: its
 * snapshot, the events of its SSE streams (for `Last-Event-ID`) and the server→client requests it issued.
 * (Objects created by earlier versions may have more columns: statements name the columns they write.)
 */
const SESSION_TABLES = [
  'mcp_session(id TEXT PRIMARY KEY,snapshot TEXT NOT NULL,last_activity INTEGER NOT NULL)',
  'mcp_stream(id TEXT PRIMARY KEY,first_seq INTEGER NOT NULL,next_seq INTEGER NOT NULL,updated INTEGER NOT NULL)',
  'mcp_event(stream_id TEXT NOT NULL,seq INTEGER NOT NULL,message TEXT,PRIMARY KEY(stream_id,seq))',
  'mcp_server_request(id TEXT PRIMARY KEY,method TEXT NOT NULL)',
]

/** Tables of the hub: which sessions have a standalone stream open, and what each one subscribed to. */
const HUB_TABLES = [
  'mcp_hub_listener(session_id TEXT PRIMARY KEY,updated INTEGER NOT NULL)',
  'mcp_hub_subscription(uri TEXT NOT NULL,session_id TEXT NOT NULL,PRIMARY KEY(uri,session_id))',
]

/** Creates the tables that do not exist yet, in one statement each (one `exec`). */
const createTables = (sql: SqlStorage, tables: string[]): void => {
  sql.exec(tables.map((t) => `CREATE TABLE IF NOT EXISTS ${t}`).join(';'))
}

/** Storages known to have the session tables (so the check below queries SQLite once per object). */
const withTables = new WeakSet<SqlStorage>()

export function createSessionTables(sql: SqlStorage): void {
  createTables(sql, SESSION_TABLES)
  withTables.add(sql)
}

/** `createSessionTables`, once per object (what the stores call before they write). */
export function ensureSessionTables(sql: SqlStorage): void {
  if (!withTables.has(sql)) createSessionTables(sql)
}

/**
 * Whether this storage holds a session's tables, found without creating anything: an object that never held a
 * session (a request naming an id nobody created) reads nothing, writes nothing and so is never stored.
 */
export function hasSessionTables(sql: SqlStorage): boolean {
  if (withTables.has(sql)) return true
  const found =
    sql.exec("SELECT 1 FROM sqlite_master WHERE type='table' AND name='mcp_session'").toArray().length > 0
  if (found) withTables.add(sql)
  return found
}

/** The tables are gone (the object's storage was wiped): the next session creates them again. */
export function forgetSessionTables(sql: SqlStorage): void {
  withTables.delete(sql)
}

export function createHubTables(sql: SqlStorage): void {
  createTables(sql, HUB_TABLES)
}

/** The first row of a query, typed. */
export function firstRow<T extends Record<string, SqlStorageValue>>(
  sql: SqlStorage,
  query: string,
  ...bindings: unknown[]
): T | undefined {
  return sql.exec<T>(query, ...bindings).toArray()[0]
}
