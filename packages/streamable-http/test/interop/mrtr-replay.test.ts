import { McpClient, type ProgressInfo, type ProtocolChoice } from '@edgemcp/core'
import { describe, expect, it } from 'vitest'
import { clientTransport, closeAfter, startInteropServer, textOf } from './fixture.js'
import { recorder, specProblems } from './traffic.js'

/** A tool that reports progress and logs before and after asking the user: one handler for both eras. */
async function run(protocol: ProtocolChoice) {
  const fx = await startInteropServer()
  fx.server.tool('mixed', {}, async (_args, ctx) => {
    await ctx.progress(1, 2, 'before')
    await ctx.log('info', 'asking')
    const answer = await ctx.elicit({ message: 'Go?', requestedSchema: { type: 'object', properties: {} } })
    await ctx.progress(2, 2, 'after')
    await ctx.log('info', 'answered')
    return { content: [{ type: 'text', text: answer.action }] }
  })
  const traffic = recorder()
  const logs: unknown[] = []
  const client = closeAfter(
    new McpClient(
      { name: 'mixed-client', version: '1.0.0' },
      {
        protocol,
        handlers: {
          elicit: () => ({ action: 'accept', content: {} }),
          notifications: { 'notifications/message': (n) => void logs.push(n.params.data) },
        },
      },
    ),
  )
  await client.connect(clientTransport(fx.url, traffic.fetch))
  await client.setLoggingLevel('info')
  const progress: ProgressInfo[] = []
  const result = await client.callTool({ name: 'mixed' }, { onprogress: (p) => progress.push(p) })
  expect(textOf(result)).toBe('accept')
  expect(specProblems(protocol, traffic)).toEqual([])
  return { progress, logs }
}

const expected = [
  { progress: 1, total: 2, message: 'before' },
  { progress: 2, total: 2, message: 'after' },
]

describe('progress and logs of a handler that awaits input', () => {
  it('2025-11-25: each progress notification and log message once', async () => {
    const { progress, logs } = await run('2025-11-25')
    expect(progress).toEqual(expected)
    expect(logs).toEqual(['asking', 'answered'])
  })

  // Regression: a 2026-07-28 retry replays the handler from the start; what it reported before the awaited
  // input must not be sent again (the engine mutes progress and logs while replaying answered rounds).
  it('2026-07-28: the same handler reports each progress once across MRTR rounds', async () => {
    const { progress } = await run('2026-07-28')
    expect(progress).toEqual(expected)
  })
})
