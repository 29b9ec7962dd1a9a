import { modernMeta } from '@edgemcp/test-helpers'
import { beforeAll, describe, expect, it } from 'vitest'
import { answerOf } from './support/client.js'
import { fleetTestbed } from './support/testbed.js'

/**
 * Redis commands per request, counted by Redis itself (`INFO commandstats`). The fleet's background work
 * (heartbeat, TTL upkeep) is slowed to once a minute so that only the requests' own commands are counted.
 */
const bed = fleetTestbed()
let redis: Awaited<ReturnType<typeof bed.raw>>
beforeAll(async () => {
  redis = await bed.raw()
})

/** Commands Redis ran since the last reset, by name (without this test's own INFO and CONFIG). */
async function commandsSinceReset(): Promise<Record<string, number>> {
  const info = await redis.info('commandstats')
  const counts: Record<string, number> = {}
  for (const m of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm))
    if (!/^(info|config)/.test(m[1]!)) counts[m[1]!] = Number(m[2])
  return counts
}

const N = 40

describe('Redis round trips per request', () => {
  it('tools/call of an established legacy session: one command (GETEX), whichever instance serves it', async () => {
    const { client } = await bed.fleet(3, { heartbeatMs: 60_000 })
    const { headers } = await client.initialize(0)
    for (let i = 0; i < 3; i++) await answerOf((await client.call(i, headers, 'echo', { text: 'warm' })).res)
    await redis.configResetStat()
    for (let i = 0; i < N; i++) {
      const answer = await answerOf((await client.call(i, headers, 'echo', { text: `n${i}` })).res)
      expect(answer.result.content[0].text).toBe(`n${i}`)
    }
    expect(await commandsSinceReset()).toEqual({ getex: N })
  })

  it('2026-07-28 requests are stateless: no Redis command at all', async () => {
    const { client } = await bed.fleet(3, { heartbeatMs: 60_000 })
    await redis.configResetStat()
    for (let i = 0; i < N; i++) {
      const res = await client.post(
        i,
        {
          jsonrpc: '2.0',
          id: i,
          method: 'tools/call',
          params: {
            name: 'echo',
            arguments: { text: 'modern' },
            _meta: modernMeta(),
          },
        },
        { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': 'echo' },
      )
      expect((await answerOf(res)).result.content[0].text).toBe('modern')
    }
    expect(await commandsSinceReset()).toEqual({})
  })
})
