// What every contender module under src/servers/ exports: `start(options)`.

/** @typedef {'stateless' | 'session'} Mode  stateless = no initialize; session = legacy Mcp-Session-Id flow */
/** @typedef {'echo' | 'many'} Toolset  echo = one `echo` tool; many = 100 tools with 5-property schemas */
/** @typedef {{ mode: Mode, toolset: Toolset }} ServerOptions */
/** @typedef {{ port: number, close: () => Promise<void> }} RunningServer */
/** @typedef {(options: ServerOptions) => Promise<RunningServer>} StartFn */

/**
 * Wraps a listening node:http server as a RunningServer.
 * @param {import('node:http').Server} server
 * @param {number} port
 * @returns {RunningServer}
 */
export function running(server, port) {
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
