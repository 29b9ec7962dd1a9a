import { describe, expect, it } from 'vitest'
import { runIdleStreams } from '../dist/idle-streams.js'
import { startChildServer } from '../dist/lib/child.js'

describe('idle-streams floors (smoke: each floor server holds its streams; runs the build in dist, where the child entry is)', () => {
  it.each(['raw-sse', 'hono-direct', 'hono-sse'] as const)('%s', async (kind) => {
    const server = await startChildServer(kind)
    try {
      const f = await runIdleStreams(server, 20)
      expect(f).toMatchObject({ streams: 20, opened: 20, failed: 0 })
      expect(f.withStreams.heapUsed).toBeGreaterThan(0)
    } finally {
      await server.close()
    }
  })
})
