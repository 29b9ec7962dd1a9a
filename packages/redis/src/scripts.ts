/** A Lua script run with EVALSHA (see `RedisLink.script`); one round trip, atomic. */
export interface Script {
  readonly source: string
}

const script = (source: string): Script => ({ source })

/**
 * Appends one entry to a stream unless the stream has ended: `p` (the priming event) or `m` (a message),
 * with `u`, a token unique to the append: an append retried after a lost reply finds its entry and does not
 * add it twice. Entry ids are `0-1`, `0-2`, …, so the sequence of an event is its id's second part and a gap
 * is easy to see. Keeps the stream within its budgets: at most `maxlen` entries and `maxbytes` bytes of data
 * (meta field `b`), trimming the oldest (the new entry too, when it alone is larger). A priming event of a
 * stream that is not standalone enters the session's set of streams; beyond `maxstreams`, the oldest of them
 * is forgotten: its keys deleted, or, while it is still being written (not ended), its entries trimmed and
 * the stream marked (meta field `f`) to keep nothing more, so that its event ids go on where they were (a
 * deleted stream would count from 1 again) until END deletes it. Refreshes the TTL of the stream and its meta hash, records the stream's
 * owner and the request it answers (priming), that the answer went out, and where the answer to a
 * server→client request must be forwarded; wakes followers. Returns the entry id, or false when the stream
 * had ended.
 *
 * KEYS: stream, meta[, pending request]. ARGV: maxlen, ttl ms, field, data, answered (1/0), channel,
 * pending value, pending ttl ms, owner ('' to keep), answering ('' for none), token, standalone (1/0),
 * maxbytes, session streams key ('' for none), maxstreams, key prefix, stream id.
 */
export const APPEND = script(`
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)[1]
if last and last[2][3] == 'u' and last[2][4] == ARGV[11] then return last[1] end
if redis.call('HEXISTS', KEYS[2], 'x') == 1 then return false end
if ARGV[9] ~= '' then redis.call('HSET', KEYS[2], 'o', ARGV[9]) end
if ARGV[10] ~= '' then redis.call('HSET', KEYS[2], 'a', ARGV[10]) end
if ARGV[12] == '1' then redis.call('HSET', KEYS[2], 's', '1') end
if ARGV[5] == '1' then redis.call('HSET', KEYS[2], 'd', '1') end
local maxbytes = tonumber(ARGV[13])
if redis.call('HEXISTS', KEYS[2], 'f') == 1 then maxbytes = -1 end
local id = redis.call('XADD', KEYS[1], '0-*', ARGV[3], ARGV[4], 'u', ARGV[11])
local bytes = redis.call('HINCRBY', KEYS[2], 'b', #ARGV[4])
local n = redis.call('XLEN', KEYS[1])
while n > 0 and (n > tonumber(ARGV[1]) or bytes > maxbytes) do
  local first = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', 1)[1]
  bytes = bytes - #first[2][2]
  redis.call('XDEL', KEYS[1], first[1])
  n = n - 1
end
redis.call('HSET', KEYS[2], 'b', bytes)
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
if ARGV[14] ~= '' and ARGV[3] == 'p' and ARGV[12] ~= '1' then
  local seq = redis.call('HINCRBY', ARGV[14] .. ':n', 'n', 1)
  redis.call('ZADD', ARGV[14], 'NX', seq, ARGV[17])
  redis.call('PEXPIRE', ARGV[14], ARGV[2])
  redis.call('PEXPIRE', ARGV[14] .. ':n', ARGV[2])
  while redis.call('ZCARD', ARGV[14]) > tonumber(ARGV[15]) do
    local old = redis.call('ZPOPMIN', ARGV[14])[1]
    local oldStream, oldMeta = ARGV[16] .. 'e:' .. old, ARGV[16] .. 'm:' .. old
    if redis.call('EXISTS', oldMeta) == 0 or redis.call('HEXISTS', oldMeta, 'x') == 1 then
      redis.call('DEL', oldStream, oldMeta)
    else
      -- Still being written: its events go, its (empty) stream stays so that its ids go on, and it keeps no more.
      redis.call('XTRIM', oldStream, 'MAXLEN', 0)
      redis.call('HSET', oldMeta, 'f', '1', 'b', 0)
    end
  end
end
if KEYS[3] then redis.call('SET', KEYS[3], ARGV[7], 'PX', ARGV[8]) end
redis.call('PUBLISH', ARGV[6], id)
return id
`)

/**
 * Admits a new legacy session of a client, counted fleet-wide: drops the members of the client's set (the
 * keys of its sessions, of either transport) that are gone (deleted, expired), then adds this one unless the
 * set already holds `max`. Returns the count before, or -1 when refused.
 *
 * KEYS: the client's set. ARGV: the session's key, max, ttl ms.
 */
export const ADMIT_SESSION = script(`
for _, member in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('EXISTS', member) == 0 then redis.call('SREM', KEYS[1], member) end
end
local n = redis.call('SCARD', KEYS[1])
if n >= tonumber(ARGV[2]) then return -1 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return n
`)

/**
 * Ends a stream once: when the request it answers got no answer, an error response for it first; then the
 * end entry `x`. Nothing for a stream that is gone or already ended. A stream its session forgot (meta field
 * `f`, see APPEND) is deleted once ended. Returns 1 when it ended the stream.
 *
 * KEYS: stream, meta. ARGV: maxlen, ttl ms, channel, error message (a JSON string), reason.
 */
export const END = script(`
if redis.call('HEXISTS', KEYS[2], 'x') == 1 or redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local a = redis.call('HGET', KEYS[2], 'a')
if a and redis.call('HEXISTS', KEYS[2], 'd') == 0 then
  redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[1], '0-*', 'm',
    '{"jsonrpc":"2.0","id":' .. a .. ',"error":{"code":-32603,"message":' .. ARGV[4] .. '}}')
end
redis.call('HSET', KEYS[2], 'x', ARGV[5])
redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[1], '0-*', 'x', ARGV[5])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
redis.call('PUBLISH', ARGV[3], 'x')
if redis.call('HEXISTS', KEYS[2], 'f') == 1 then redis.call('DEL', KEYS[1], KEYS[2]) end
return 1
`)

/**
 * What a resumption needs in one round trip: the first and last entry ids kept, and the entries after
 * sequence ARGV[1]. False when the stream is unknown (expired, deleted).
 *
 * KEYS: stream. ARGV: sequence.
 */
export const REPLAY = script(`
local first = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', 1)
if #first == 0 then return false end
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
return {first[1][1], last[1][1], redis.call('XRANGE', KEYS[1], '(0-' .. ARGV[1], '+')}
`)

/**
 * Whether the instance writing a stream is alive: 1 when its heartbeat key exists or the stream has no
 * recorded owner, 0 when the owner is gone, -1 when the stream itself is gone. A standalone GET stream of a
 * dead owner that has not ended is taken over by the caller instead (its notifications go on): 2.
 *
 * KEYS: stream, meta. ARGV: prefix of instance keys, the caller's instance id.
 */
export const OWNER_ALIVE = script(`
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local o = redis.call('HGET', KEYS[2], 'o')
if not o or redis.call('EXISTS', ARGV[1] .. o) == 1 then return 1 end
if redis.call('HEXISTS', KEYS[2], 's') == 1 and redis.call('HEXISTS', KEYS[2], 'x') == 0 then
  redis.call('HSET', KEYS[2], 'o', ARGV[2])
  return 2
end
return 0
`)

/**
 * Hands a client's answer to the instance whose server→client request it answers (recorded by APPEND):
 * publishes the answer on that instance's channel and, once someone received it, takes the record. Returns
 * the number of receivers; -1 when no request awaits this answer; 0 when the instance is gone (the record
 * goes too: its request died with it); -2 when the instance is alive but nobody listens on its channel (its
 * pub/sub connection is reconnecting, e.g. after a Redis restart): the record stays, the answer can be sent
 * again. An instance without a heartbeat counts as alive when the caller says so
 * (`FleetContext.judgesLiveness`).
 *
 * KEYS: pending request. ARGV: prefix of instance channels, payload, prefix of instance keys, '1' to count
 * the instance alive without a heartbeat.
 */
export const FORWARD_RESPONSE = script(`
local owner = redis.call('GET', KEYS[1])
if not owner then return -1 end
local received = redis.call('PUBLISH', ARGV[1] .. owner, ARGV[2])
if received == 0 and (ARGV[4] == '1' or redis.call('EXISTS', ARGV[3] .. owner) == 1) then return -2 end
redis.call('DEL', KEYS[1])
return received
`)

/**
 * Hands a message to one instance (a message POSTed for an SSE session whose stream it holds): publishes it
 * on that instance's channel. Returns the number of receivers; 0 when the instance is gone (no heartbeat);
 * -2 when it is alive but nobody listens on its channel (its pub/sub connection is reconnecting, e.g. after a
 * Redis restart): the message reached nobody and must be sent again. Without a heartbeat the instance counts
 * as alive when the caller says so (`FleetContext.judgesLiveness`).
 *
 * KEYS: the instance's heartbeat. ARGV: its channel, payload, '1' to count it alive without a heartbeat.
 */
export const PUBLISH_TO_INSTANCE = script(`
local received = redis.call('PUBLISH', ARGV[1], ARGV[2])
if received == 0 and (ARGV[3] == '1' or redis.call('EXISTS', KEYS[1]) == 1) then return -2 end
return received
`)
