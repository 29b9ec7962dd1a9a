import { type ElicitHandler, McpClient, type McpClientOptions, McpServer } from '@edgemcp/core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createMcpHandler, StreamableHttpClientTransport } from '../../src/index.js'
import { serve } from '../../src/node.js'

/** A server whose `profile` tool elicits a form with defaults and returns what came back (and the caps). */
async function profileServer() {
  const server = new McpServer({ name: 'defaults', version: '1.0.0' }, { mrtrSecret: 'k' })
  server.tool('profile', {}, async (_args, ctx) => {
    const answer = await ctx.elicit(
      {
        message: 'Your profile',
        requestedSchema: {
          type: 'object',
          properties: {
            name: { type: 'string', default: 'John Doe' },
            age: { type: 'integer', default: 30 },
            score: { type: 'number', default: 95.5 },
            status: { type: 'string', enum: ['active', 'inactive'], default: 'active' },
            verified: { type: 'boolean', default: true },
          },
        },
      },
      { key: 'profile' },
    )
    const form = (ctx.clientCapabilities.elicitation as { form?: unknown } | undefined)?.form
    return { content: [{ type: 'text', text: JSON.stringify({ answer, form }) }] }
  })
  const running = await serve(createMcpHandler(server))
  onTestFinished(() => running.close())
  return `${running.url}/`
}

async function callProfile(
  url: string,
  protocol: NonNullable<McpClientOptions['protocol']>,
  options: McpClientOptions,
) {
  // The handler answers only what the user typed: the age.
  const elicit: ElicitHandler = () => ({ action: 'accept', content: { age: 41 } })
  const client = new McpClient({ name: 'c', version: '1' }, { protocol, handlers: { elicit }, ...options })
  onTestFinished(() => client.close())
  await client.connect(new StreamableHttpClientTransport(url))
  const result = await client.callTool({ name: 'profile' })
  const [first] = result.content ?? []
  return JSON.parse((first as { text: string }).text) as {
    answer: { action: string; content: Record<string, unknown> }
    form: unknown
  }
}

describe('elicitation: { form: { applyDefaults: true } } fills SEP-1034 defaults (both eras, over HTTP)', () => {
  it.each(['2025-11-25', '2026-07-28'] as const)(
    '%s: the tool sees the defaults of the fields left out',
    async (protocol) => {
      const url = await profileServer()
      const { answer, form } = await callProfile(url, protocol, {
        elicitation: { form: { applyDefaults: true } },
      })
      expect(answer).toEqual({
        action: 'accept',
        content: { name: 'John Doe', age: 41, score: 95.5, status: 'active', verified: true },
      })
      expect(form).toEqual({ applyDefaults: true })
    },
  )

  it('without the option the answer is sent as the handler gave it', async () => {
    const url = await profileServer()
    const { answer, form } = await callProfile(url, '2025-11-25', {})
    expect(answer).toEqual({ action: 'accept', content: { age: 41 } })
    expect(form).toBeUndefined()
  })
})
