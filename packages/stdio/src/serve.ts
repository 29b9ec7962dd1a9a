import type { Connection, McpServer } from '@edgemcp/core'
import { StdioServerTransport, type StdioServerTransportOptions } from './server-transport.js'

export interface ServeStdioOptions extends StdioServerTransportOptions {
  /** Signals that shut the server down gracefully. Default `['SIGINT', 'SIGTERM']`. */
  signals?: readonly NodeJS.Signals[]
  /** Exit the process (code 0) once the connection is closed by stdin's end or a signal. Default true. */
  exit?: boolean
}

export interface StdioServing {
  readonly connection: Connection
  /** Closes the connection and the server (idempotent). */
  close(): Promise<void>
  /** Resolves once the connection is closed, whatever closed it. */
  readonly closed: Promise<void>
}

/**
 * Serves `server` over this process's stdin/stdout until stdin ends or a signal arrives, then closes the
 * server and exits. The stdio "Shutdown" rules (2026-07-28 basic/transports/stdio): a server SHOULD exit
 * promptly when its stdin is closed.
 *
 * @example
 * const server = new McpServer({ name: 'files', version: '1.0.0' })
 * server.tool('read_file', {}, async () => ({ content: [{ type: 'text', text: 'hello' }] }))
 * await serveStdio(server)
 */
export async function serveStdio(server: McpServer, options: ServeStdioOptions = {}): Promise<StdioServing> {
  const { signals = ['SIGINT', 'SIGTERM'], exit = true, ...transportOptions } = options
  const transport = new StdioServerTransport(transportOptions)
  const stdout = transportOptions.stdout ?? process.stdout
  let resolveClosed: () => void = () => {}
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve
  })
  let closing: Promise<void> | undefined
  const shutdown = (): Promise<void> =>
    (closing ??= (async () => {
      for (const s of signals) process.off(s, onSignal)
      server.close()
      await connection.close()
      resolveClosed()
      if (exit) stdout.write('', () => process.exit(0))
    })())
  const onSignal = () => void shutdown()
  const connection = await server.connect(transport)
  const engineOnClose = transport.onclose
  transport.onclose = () => {
    engineOnClose?.()
    void shutdown()
  }
  for (const s of signals) process.on(s, onSignal)
  return { connection, close: shutdown, closed }
}
