// Bind a Node HTTP server to 127.0.0.1 on a free (kernel-chosen) port.

/**
 * @param {import('node:net').Server} server
 * @returns {Promise<number>} the port
 */
export function listenOnLoopback(server) {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address()
      if (addr === null || typeof addr === 'string') reject(new Error('server has no TCP address'))
      else resolve(addr.port)
    })
  })
}
