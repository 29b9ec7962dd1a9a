import {
  applyTaskChange,
  TaskLimitError,
  type TaskChange,
  type TaskRecord,
  type TaskStore,
  type TaskTransition,
} from '@edgemcp/core/tasks'

/**
 * The one method of a Redis client the task store uses. A connected client of the official `redis` package
 * (`createClient(...)`, after `await client.connect()`) has it; so does `@redis/client`'s.
 */
export interface RedisCommandClient {
  sendCommand(args: string[]): Promise<unknown>
}

export interface RedisTaskStoreOptions {
  /** A connected node-redis client (`createClient` of `redis` or `@redis/client`). The store never closes it. */
  client: RedisCommandClient
  /** Prefix of every key, so several servers (or a fleet's other keys) can share a Redis. Default `mcp:`. */
  prefix?: string | undefined
  /** Unexpired tasks the store holds at most (all servers on this prefix together). Default 10 000. */
  maxTasks?: number | undefined
  /** Unexpired tasks one principal holds at most (tasks without one count as one principal). Default 100. */
  maxTasksPerPrincipal?: number | undefined
}

/** The bucket of tasks created without a principal (principal buckets are `p:<principal>`). */
const ANONYMOUS = 'a'

/** Conflicting writes `update` retries before giving up (each conflict means another change went through). */
const MAX_ATTEMPTS = 100

/**
 * Adds a task unless it exists or a budget is full: drops expired members of both budget sets (scored by
 * expiry), counts, then stores the record until its expiry (Redis deletes it then) and lets each set expire
 * with its last member. Returns 1, or -1 (exists), -2 (store full), -3 (principal full).
 *
 * KEYS: record, store set, principal set. ARGV: record JSON, expiresAt, now, maxTasks, maxPerPrincipal, id.
 */
const CREATE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return -1 end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[3])
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return -2 end
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[5]) then return -3 end
redis.call('SET', KEYS[1], ARGV[1], 'PXAT', ARGV[2])
for i = 2, 3 do
  redis.call('ZADD', KEYS[i], ARGV[2], ARGV[6])
  redis.call('PEXPIREAT', KEYS[i], redis.call('ZRANGE', KEYS[i], -1, -1, 'WITHSCORES')[2])
end
return 1
`

/**
 * Compare-and-set of a record: writes the new JSON (keeping the key's expiry) only if the key still holds
 * exactly what the caller read. Returns 1 (written), 0 (gone: expired) or -1 (changed meanwhile: retry).
 *
 * KEYS: record. ARGV: the JSON read, the new JSON.
 */
const SWAP = `
local v = redis.call('GET', KEYS[1])
if not v then return 0 end
if v ~= ARGV[1] then return -1 end
redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
return 1
`

/**
 * A `TaskStore` in Redis, shared by every server instance that uses the same Redis and prefix: a task created
 * by one instance can be fetched, answered and cancelled through any other.
 *
 * - Each task is its record as JSON under `<prefix>task:<taskId>`, set to expire at `expiresAt` (Redis deletes
 *   expired tasks by itself; `get` and `update` also treat a task past `expiresAt` as unknown).
 * - `update` reads the record, applies core's `applyTaskChange` and writes the result back only if the record
 *   did not change in between (a compare-and-set script), retrying otherwise: no change is lost and a
 *   terminal task never changes again. This is WATCH/MULTI's optimistic concurrency done in a script, because
 *   WATCH belongs to a connection, and one client's connection is shared by every concurrent `update` (an
 *   EXEC of one would drop the watches of the others).
 * - Budgets are sorted sets of task ids scored by expiry (`<prefix>tasks`, and one per principal), pruned and
 *   counted in the same script that adds a task, so concurrent creates never overshoot.
 *
 * @example
 * const client = await createClient({ url: process.env.REDIS_URL }).connect()
 * const server = new McpServer(info, { tasks: taskExtension({ store: createRedisTaskStore({ client }) }) })
 */
export function createRedisTaskStore(options: RedisTaskStoreOptions): TaskStore {
  const { client } = options
  const prefix = options.prefix ?? 'mcp:'
  const maxTasks = limit(options.maxTasks, 10_000, 'maxTasks')
  const maxPerPrincipal = limit(options.maxTasksPerPrincipal, 100, 'maxTasksPerPrincipal')
  const recordKey = (taskId: string) => `${prefix}task:${taskId}`
  const storeSet = `${prefix}tasks`
  const principalSet = (principal: string | undefined) =>
    `${prefix}tasks:${principal === undefined ? ANONYMOUS : `p:${principal}`}`
  const shas = new Map<string, string>()

  /** Runs a script by its SHA1, loading it first when Redis does not know it (first use, after a restart). */
  const run = async (source: string, keys: string[], args: string[]): Promise<number> => {
    const tail = [String(keys.length), ...keys, ...args]
    const sha = shas.get(source)
    if (sha !== undefined)
      try {
        return Number(await client.sendCommand(['EVALSHA', sha, ...tail]))
      } catch (e) {
        if (!(e instanceof Error && e.message.startsWith('NOSCRIPT'))) throw e
      }
    const loaded = String(await client.sendCommand(['SCRIPT', 'LOAD', source]))
    shas.set(source, loaded)
    return Number(await client.sendCommand(['EVALSHA', loaded, ...tail]))
  }

  /** The stored JSON and its record, unless unknown or expired. */
  const read = async (taskId: string): Promise<{ json: string; task: TaskRecord } | undefined> => {
    const json = await client.sendCommand(['GET', recordKey(taskId)])
    if (typeof json !== 'string') return undefined
    const task = JSON.parse(json) as TaskRecord
    return task.expiresAt > Date.now() ? { json, task } : undefined
  }

  return {
    async create(task) {
      const outcome = await run(
        CREATE,
        [recordKey(task.taskId), storeSet, principalSet(task.principal)],
        [
          JSON.stringify(task),
          String(task.expiresAt),
          String(Date.now()),
          String(maxTasks),
          String(maxPerPrincipal),
          task.taskId,
        ],
      )
      if (outcome === -1) throw new Error(`task ${task.taskId} already exists`)
      if (outcome === -2) throw new TaskLimitError(`Too many tasks: the server holds ${maxTasks}`)
      if (outcome === -3)
        throw new TaskLimitError(`Too many tasks: at most ${maxPerPrincipal} unexpired tasks per client`)
    },

    async get(taskId) {
      return (await read(taskId))?.task
    },

    async update(taskId: string, change: TaskChange): Promise<TaskTransition | undefined> {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const stored = await read(taskId)
        if (!stored) return undefined
        const previous = stored.task
        const current = applyTaskChange(previous, change, new Date())
        if (current === previous) return { previous, current: structuredClone(previous), changed: false }
        const outcome = await run(SWAP, [recordKey(taskId)], [stored.json, JSON.stringify(current)])
        if (outcome === 1) return { previous, current, changed: true }
        if (outcome === 0) return undefined
      }
      throw new Error(`task ${taskId}: ${MAX_ATTEMPTS} conflicting updates in a row, change not applied`)
    },
  }
}

function limit(value: number | undefined, fallback: number, name: string): number {
  const v = value ?? fallback
  if (!Number.isInteger(v) || v <= 0)
    throw new RangeError(`@edgemcp/redis: ${name} must be a positive integer`)
  return v
}
