import type { Transport } from '@edgemcp/core'

/** How a harness's server ended: `forced` when it had to be killed because it ignored the shutdown. */
export interface HarnessExit {
  code: number | null
  signal: string | null
  forced: boolean
}

/** What the test client needs from a harness (a spawned process, an HTTP endpoint, an in-process server). */
export interface Harness {
  readonly transport: Transport
  /** Names the server in messages: a command line, a URL, "in-process server". */
  readonly label: string
  /** Runs once, after the transport started and before the first message (connects an in-process server). */
  prepare?(): Promise<void>
  /** Runs after the handshake (opens the standalone stream of a legacy HTTP session). */
  afterHandshake?(era: 'legacy' | 'modern'): Promise<void>
  /** Ends the connection (and the process), waiting at most `timeoutMs` before forcing it. */
  shutdown(timeoutMs: number): Promise<HarnessExit>
  /** Ends the server at once (SIGKILL for a process); default: `shutdown(0)`. */
  kill?(): Promise<HarnessExit>
  /** Resolves when the server (or connection) has ended. */
  waitForExit(): Promise<HarnessExit>
  /** What the server wrote on stderr, when captured. */
  stderr(): string
  /** Transport errors that are chatter rather than failures (stdout debug lines with allowDebugLogging). */
  tolerate?(error: Error): boolean
}
