import type { JsonRpcMessage } from '@edgemcp/core'
import type { FleetContext } from './context.js'
import { END } from './scripts.js'

/** A raw stream entry: id, then field/value pairs (`p` priming, `m` message, `x` end; `u` the append token). */
export type Entry = [string, string[]]

/** The sequence of an entry id `0-N`. */
export const seqOf = (entryId: string): number => Number(entryId.slice(entryId.indexOf('-') + 1))

/** The message of an entry, undefined for the priming and end entries. */
export function messageOf(entry: Entry): JsonRpcMessage | undefined {
  const fields = entry[1]
  for (let i = 0; i < fields.length; i += 2)
    if (fields[i] === 'm') return JSON.parse(fields[i + 1]!) as JsonRpcMessage
  return undefined
}

export const isEnd = (entry: Entry): boolean => entry[1][0] === 'x'

/** Runs the END script on a stream (see `END`). */
export function endStream(
  f: FleetContext,
  streamId: string,
  message: string,
  reason: string,
): Promise<unknown> {
  return f.link.script(
    END,
    [f.keys.stream(streamId), f.keys.meta(streamId)],
    [
      String(f.options.maxEventsPerStream),
      String(f.options.streamTtlMs),
      f.keys.streamChannel(streamId),
      JSON.stringify(message),
      reason,
    ],
  )
}
