import { isObject } from '@edgemcp/core/internal'
import type { FuzzCase } from '../arbitraries/case.js'
import type { Reply } from '../read-reply.js'

/** A transport under fuzz, set up with live victim sessions and a hidden probe. */
export interface Target {
  readonly name: string
  /** Sends one hostile case; returns the reply and every invariant it broke. */
  send(c: FuzzCase): Promise<{ reply: Reply; problems: string[]; head: string }>
  /** A well-formed request right after still succeeds: the problems if not. */
  probe(): Promise<string[]>
  close(): Promise<void>
}

/** Either `fetch` over loopback or the Hono app's in-process `request`. */
export type Send = (path: string, init: RequestInit) => Promise<Response>

export const READ = { idleMs: 15, maxMs: 3000 }

export const JSON_HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
}

let probeCounter = 0
export const nextProbeId = (): number => ++probeCounter

/** The text of the first content block of a tools/call result message. */
export function resultText(m: unknown): string | undefined {
  if (!isObject(m) || !isObject(m.result) || !Array.isArray(m.result.content)) return undefined
  const first = m.result.content[0] as unknown
  return isObject(first) && typeof first.text === 'string' ? first.text : undefined
}
