import { createClient } from '@redis/client'
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { RedisFleetOptions } from '../../src/index.js'
import { type RunningRedis, startRedisServer } from '../../src/testing.js'
import { fleetClient } from './client.js'
import { type Instance, startInstance } from './instances.js'

/**
 * A real redis-server for the test file (its own port and directory), and fleets of instances for each test
 * (a fresh key prefix each, all closed after the test).
 */
export function fleetTestbed() {
  let redis: RunningRedis | undefined
  let raw: ReturnType<typeof createClient> | undefined
  let running: Instance[] = []
  let fleets = 0
  beforeAll(async () => {
    redis = await startRedisServer()
  }, 30_000)
  afterAll(async () => {
    await raw?.close()
    await redis?.stop()
  })
  afterEach(async () => {
    await Promise.all(running.map((i) => i.close()))
    running = []
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
    /** `n` instances sharing one fresh prefix, and a client that names the instance of each request. */
    async fleet(n = 3, options: RedisFleetOptions = {}) {
      const prefix = `t${++fleets}-${process.pid}:`
      const instances: Instance[] = []
      for (let i = 0; i < n; i++) {
        const instance = await startInstance({ url: this.redis.url, prefix, ...options })
        instances.push(instance)
        running.push(instance)
      }
      return { prefix, instances, client: fleetClient(() => instances.map((i) => i.url)) }
    },
  }
}
