import { createClient } from '@redis/client'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import type { RedisFleetOptions } from '../../src/index.js'
import { type RunningRedis, startRedisServer } from '../../src/testing.js'
import { fleetClient } from './client.js'
import { type Instance, startInstance } from './instances.js'
import { type PubSubGate, startPubSubGate } from './pubsub-gate.js'

/**
 * A real redis-server for the test file (its own port and directory), and fleets of instances for each test
 * (a fresh key prefix each, all closed after the test).
 */
export function fleetTestbed() {
  let redis: RunningRedis | undefined
  let raw: ReturnType<typeof createClient> | undefined
  let running: Instance[] = []
  let gates: PubSubGate[] = []
  let fleets = 0
  beforeAll(async () => {
    redis = await startRedisServer()
  }, 30_000)
  afterAll(async () => {
    await raw?.close()
    await redis?.stop()
  })
  afterEach(async () => {
    // Held connections first let through: an instance closes its connections gracefully.
    for (const gate of gates) gate.release()
    await Promise.all(running.map((i) => i.close()))
    await Promise.all(gates.map((gate) => gate.close()))
    running = []
    gates = []
  })
  return {
    get redis(): RunningRedis {
      if (!redis) throw new Error('redis not started')
      return redis
    },
    /** A plain client of the test Redis, to look at keys and counters. */
    async raw() {
      if (!raw) {
        raw = createClient({ url: this.redis.url })
        await raw.connect()
      }
      return raw
    },
    /** A gate in front of the test Redis (see `startPubSubGate`): give its `url` to an instance. */
    async gate(): Promise<PubSubGate> {
      const gate = await startPubSubGate(this.redis.url)
      gates.push(gate)
      return gate
    },
    /**
     * `n` instances, the first (A) reaching Redis through a gate, so that the test decides when A hears its
     * channels: `deafen()` leaves A alive (its heartbeat going on) with its pub/sub connection reconnecting, as
     * after a Redis restart; `hearAgain()` lets it back. Both return once Redis shows the effect.
     */
    async gatedFleet(n: number, options: RedisFleetOptions = {}) {
      const gate = await this.gate()
      const fleet = await this.fleet(n, (i) => (i === 0 ? { ...options, url: gate.url } : options))
      const raw = await this.raw()
      const channel = `${fleet.prefix}c:${fleet.instances[0]!.fleet.instanceId}`
      const listeners = async () =>
        (await raw.sendCommand<[string, number]>(['PUBSUB', 'NUMSUB', channel]))[1]
      return {
        ...fleet,
        async deafen() {
          gate.hold()
          await expect.poll(listeners, { timeout: 10_000 }).toBe(0)
        },
        async hearAgain() {
          gate.release()
          await expect.poll(listeners, { timeout: 10_000 }).toBe(1)
        },
      }
    },
    /**
     * `n` instances sharing one fresh prefix, and a client that names the instance of each request. `options`
     * may differ per instance: a function of the instance's index.
     */
    async fleet(n = 3, options: RedisFleetOptions | ((i: number) => RedisFleetOptions) = {}) {
      const prefix = `t${++fleets}-${process.pid}:`
      const instances: Instance[] = []
      for (let i = 0; i < n; i++) {
        const own = typeof options === 'function' ? options(i) : options
        const instance = await startInstance({ url: this.redis.url, prefix, ...own })
        instances.push(instance)
        running.push(instance)
      }
      return { prefix, instances, client: fleetClient(() => instances.map((i) => i.url)) }
    },
  }
}
