import { readFileSync } from 'node:fs'
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

/**
 * The first port of the system's ephemeral range: Linux's `ip_local_port_range` (32768 by default), else
 * IANA's 49152. The ports below it are the ones no outgoing connection and no `listen(0)` is handed.
 */
export function ephemeralLow(rangeFile = '/proc/sys/net/ipv4/ip_local_port_range'): number {
  try {
    const low = Number.parseInt(readFileSync(rangeFile, 'utf8').trim().split(/\s+/)[0] ?? '', 10)
    if (Number.isInteger(low) && low > 2_048) return low
  } catch {
    // not Linux
  }
  return 49_152
}

/**
 * A loopback port nobody listens on right now, other than the `taken` ones, picked at random below the
 * ephemeral range. Issue 33 (a clean-clone CI run, 2026-12-07): a port the system handed out by `listen(0)` was
 * taken again, between our check and workerd's bind, by one of the many connections the parallel tests open,
 * because the system hands both from the same range. Below that range only another listener can take it, so
 * the window that remains is a race with another test that picked the same port at random, which the
 * caller (startWranglerDev) survives by trying fresh ports.
 */
export async function freePort(...taken: number[]): Promise<number> {
  const high = ephemeralLow() - 1
  const low = Math.min(10_000, high - 1_000)
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1))
    if (!taken.includes(port) && (await tryListen(port)) === port) return port
  }
  throw new Error(`no free port on 127.0.0.1 in ${low}–${high}`)
}

/** The ports wrangler or workerd said they could not bind ("Address already in use (127.0.0.1:N)"). */
export function takenPorts(log: string): number[] {
  return [...log.matchAll(/Address already in use[^\n]*?127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1]))
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
