import { encodeMessage, isRequest, type JsonRpcMessage } from '@edgemcp/core'
import type { EventStore, StoredEvent } from '@edgemcp/streamable-http'
import { canReplayAfter, eventIdOf, parseEventId } from '@edgemcp/streamable-http/internal'
import { ensureSessionTables, firstRow, hasSessionTables } from './sql-schema.js'

export interface SqlEventStoreOptions {
  /** Events kept per stream; resuming from before the oldest kept one fails. */
  maxEventsPerStream: number
  /** Told about every server→client request that goes out on a stream. */
  onServerRequest?: (id: string, method: string) => void
  now?: () => number
}

/**
 * The events of a session's SSE streams in Durable Object SQLite, so `Last-Event-ID` resumption works
 * after the object was evicted (2025-11-25 basic/transports "Resumability and Redelivery"). Event ids and
 * the replay rule are streamable-http's (`eventIdOf`, `parseEventId`, `canReplayAfter`), as in
 * `InMemoryEventStore`.
 */
export class SqlEventStore implements EventStore {
  readonly #sql: SqlStorage
  readonly #options: SqlEventStoreOptions

  constructor(sql: SqlStorage, options: SqlEventStoreOptions) {
    this.#sql = sql
    this.#options = options
  }

  async append(streamId: string, message: JsonRpcMessage | null): Promise<string> {
    const sql = this.#sql
    const { maxEventsPerStream: max, onServerRequest, now = Date.now } = this.#options
    ensureSessionTables(sql)
    const stream = this.#stream(streamId)
    const seq = stream?.next_seq ?? 0
    let first = stream?.first_seq ?? 0
    sql.exec(
      'INSERT INTO mcp_event(stream_id,seq,message)VALUES(?,?,?)',
      streamId,
      seq,
      message ? encodeMessage(message) : null,
    )
    if (seq + 1 - first > max) {
      first = seq + 1 - max
      sql.exec('DELETE FROM mcp_event WHERE stream_id=? AND seq<?', streamId, first)
    }
    sql.exec(
      'REPLACE INTO mcp_stream(id,first_seq,next_seq,updated)VALUES(?,?,?,?)',
      streamId,
      first,
      seq + 1,
      now(),
    )
    if (message && isRequest(message)) onServerRequest?.(String(message.id), message.method)
    return eventIdOf(streamId, seq)
  }

  async replayAfter(eventId: string): Promise<{ streamId: string; events: StoredEvent[] } | undefined> {
    const named = parseEventId(eventId)
    if (!named) return undefined
    const { streamId, seq } = named
    if (!hasSessionTables(this.#sql)) return undefined
    const stream = this.#stream(streamId)
    if (!stream || !canReplayAfter(seq, stream.first_seq, stream.next_seq)) return undefined
    const events: StoredEvent[] = []
    for (const row of this.#sql.exec<{ seq: number; message: string | null }>(
      'SELECT seq,message FROM mcp_event WHERE stream_id=? AND seq>? ORDER BY seq',
      streamId,
      seq,
    ))
      if (row.message !== null)
        events.push({ id: eventIdOf(streamId, row.seq), message: JSON.parse(row.message) as JsonRpcMessage })
    return { streamId, events }
  }

  async deleteStream(streamId: string): Promise<void> {
    if (!hasSessionTables(this.#sql)) return
    this.#sql.exec('DELETE FROM mcp_event WHERE stream_id=?', streamId)
    this.#sql.exec('DELETE FROM mcp_stream WHERE id=?', streamId)
  }

  /**
   * Drops the events of streams untouched since `before` (ms epoch). Their rows stay, so sequence numbers
   * (and so event ids) never repeat; resuming from a dropped event then fails as it should.
   */
  pruneBefore(before: number): void {
    if (!hasSessionTables(this.#sql)) return
    this.#sql.exec(
      'DELETE FROM mcp_event WHERE stream_id IN(SELECT id FROM mcp_stream WHERE updated<?)',
      before,
    )
    this.#sql.exec('UPDATE mcp_stream SET first_seq=next_seq WHERE updated<?', before)
  }

  clear(): void {
    if (!hasSessionTables(this.#sql)) return
    this.#sql.exec('DELETE FROM mcp_event;DELETE FROM mcp_stream')
  }

  #stream(id: string): { first_seq: number; next_seq: number } | undefined {
    return firstRow(this.#sql, 'SELECT first_seq,next_seq FROM mcp_stream WHERE id=?', id)
  }
}
