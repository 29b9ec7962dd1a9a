import { mcpHttp } from '@edgemcp/testing'
import { describe, expect, inject, it } from 'vitest'

const url = inject('mcpUrl')

// A legacy session (in a Durable Object) and the stateless 2026-07-28 revision, against `wrangler dev`.
describe.each(['2025-11-25', '2026-07-28'] as const)('the Worker at %s', (protocolVersion) => {
  it('lists its tool and reads its resource', async () => {
    const app = mcpHttp(url, { protocolVersion })
    try {
      await expect(app).toHaveTool('greet')
      const about = await app.readResource('info://about')
      expect(JSON.stringify(about)).toContain('Cloudflare Workers')
    } finally {
      await app.close()
    }
  })

  it('asks for a name when none is given (elicitation)', async () => {
    const asked: unknown[] = []
    const app = mcpHttp(url, {
      protocolVersion,
      onElicit: (params) => {
        asked.push(params.message)
        return { action: 'accept', content: { name: 'Ada' } }
      },
    })
    try {
      const result = await app.callTool('greet', {})
      expect(result).not.toHaveToolError()
      expect(result.content[0]?.text).toBe('Hello, Ada!')
      expect(asked).toEqual(['Whom should I greet?'])
    } finally {
      await app.close()
    }
  })
})
