import { createServer } from 'node:net'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Listens on 127.0.0.1:`port` (0: any) for a moment; the port it got, or undefined when it is taken. */
function tryListen(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(undefined))
    server.listen(port, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined))
    })
  })
}

/** A loopback port nobody listens on right now (the system picks it), other than the `taken` ones. */
export async function freePort(...taken: number[]): Promise<number> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const port = await tryListen(0)
    if (port === undefined) break
    if (!taken.includes(port)) return port
  }
  throw new Error('no free port on 127.0.0.1')
}

/** True when nothing listens on 127.0.0.1:`port`. */
export async function portFree(port: number): Promise<boolean> {
  return (await tryListen(port)) === port
}

/** Waits until 127.0.0.1:`port` is free; false when it still is not after `timeoutMs`. */
export async function waitPortFree(port: number, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await portFree(port)) return true
    if (Date.now() > deadline) return false
    await sleep(100)
  }
}
