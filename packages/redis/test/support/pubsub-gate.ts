import { connect, createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

/** A client connection through the gate and its connection to Redis. */
interface Pair {
  client: Socket
  redis: Socket
  /** It sent SUBSCRIBE: the pub/sub connection of an instance. */
  subscribed: boolean
  /** What the client sent while held, for Redis once released. */
  held: Buffer[] | undefined
}

export type PubSubGate = Awaited<ReturnType<typeof startPubSubGate>>

/**
 * A TCP proxy in front of the test Redis that makes "alive but not listening" a state the test controls. An
 * instance connected through it (its `url`) keeps its command connection, and with it its heartbeat, while
 * `hold()` drops its pub/sub connection and keeps the reconnection from reaching Redis (what it sends waits
 * at the gate) until `release()`: the window after a Redis restart in which an instance's pub/sub connection
 * comes back, without a race. Nothing here reads RESP beyond spotting a SUBSCRIBE command.
 */
export async function startPubSubGate(redisUrl: string) {
  const target = new URL(redisUrl)
  const pairs = new Set<Pair>()
  let holding = false
  const server = createServer((client) => {
    const redis = connect(Number(target.port), target.hostname)
    const pair: Pair = { client, redis, subscribed: false, held: holding ? [] : undefined }
    pairs.add(pair)
    client.on('data', (chunk: Buffer) => {
      // A command is an array of bulk strings: `*2 $9 subscribe $n channel` (node-redis writes it in lower case).
      if (chunk.toString('latin1').toLowerCase().includes('\r\nsubscribe\r\n')) pair.subscribed = true
      if (pair.held) pair.held.push(chunk)
      else redis.write(chunk)
    })
    redis.on('data', (chunk: Buffer) => client.write(chunk))
    const end = () => {
      pairs.delete(pair)
      client.destroy()
      redis.destroy()
    }
    for (const socket of [client, redis]) {
      socket.on('close', end)
      socket.on('error', end)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    /** The URL to give the instances that go through the gate. */
    url: `redis://127.0.0.1:${port}`,
    /** Drops the pub/sub connections; connections opened from now on wait at the gate. */
    hold(): void {
      holding = true
      for (const pair of pairs)
        if (pair.subscribed) {
          pair.client.destroy()
          pair.redis.destroy()
        }
    },
    /** Lets the waiting connections through (in the order their bytes arrived) and new ones at once. */
    release(): void {
      holding = false
      for (const pair of pairs) {
        const held = pair.held
        pair.held = undefined
        for (const chunk of held ?? []) pair.redis.write(chunk)
      }
    },
    async close(): Promise<void> {
      for (const pair of pairs) {
        pair.client.destroy()
        pair.redis.destroy()
      }
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
