import { McpLocalError } from '@edgemcp/core'

const MAX_SHOWN = 200

/** The peer wrote a line on stdout that is not JSON (stdio allows nothing but MCP messages there). */
export class NonJsonLineError extends McpLocalError {
  override readonly name: string = 'NonJsonLineError'
  /** The offending line, as received. */
  readonly line: string
  constructor(line: string, detail?: string) {
    const shown = line.length > MAX_SHOWN ? `${line.slice(0, MAX_SHOWN)}…` : line
    super(
      'transport',
      `The server wrote a line on stdout that is not a JSON-RPC message${detail ? ` (${detail})` : ''}: ${JSON.stringify(shown)}. ` +
        'stdio servers must log to stderr, never to stdout.',
    )
    this.line = line
  }
}

/** How a child process ended. */
export interface ProcessExit {
  /** Exit code, or null when a signal ended it. */
  code: number | null
  signal: NodeJS.Signals | null
  /** True when the transport had to send SIGTERM/SIGKILL because the child ignored the closing of stdin. */
  forced: boolean
}

/** The child process ended while the transport was open (`kind: 'closed'`, like core's ConnectionClosedError). */
export class ProcessExitError extends McpLocalError {
  override readonly name: string = 'ProcessExitError'
  readonly exit: ProcessExit
  /** The end of what the child wrote to stderr, when it was captured (`stderr: 'pipe'`). */
  readonly stderr: string
  constructor(command: string, exit: ProcessExit, stderr = '') {
    const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`
    const tail = stderr.trim() ? `\n--- stderr (last lines) ---\n${lastLines(stderr, 20)}` : ''
    super('closed', `MCP server process \`${command}\` ${how}${tail}`)
    this.exit = exit
    this.stderr = stderr
  }
}

const lastLines = (text: string, n: number): string => text.trimEnd().split('\n').slice(-n).join('\n')

export const describeExit = (exit: ProcessExit): string =>
  exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`
