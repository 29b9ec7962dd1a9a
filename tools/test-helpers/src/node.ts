// Node-only helpers (node:http servers); a subpath of its own, so that Worker tests importing the index do not
// need Node's types.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { onTestFinished } from 'vitest'

/**
 * Listens on a free port of 127.0.0.1 until the test finishes (then its connections are closed with it); the
 * server's origin, `http://127.0.0.1:<port>`.
 */
export async function listenForTest(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
