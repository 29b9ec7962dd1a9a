import { modernMeta } from '@edgemcp/test-helpers'
import { describe, expect, it } from 'vitest'
import { McpServer } from '../server/mcp-server.js'
import { taskExtension } from './extension.js'
import { createMemoryTaskStore } from './memory-store.js'

const TASKS = { 'io.modelcontextprotocol/tasks': {} }

function setup() {
  const store = createMemoryTaskStore()
  const server = new McpServer({ name: 't', version: '1' }, { tasks: taskExtension({ store }) })
  server.tool('work', { task: 'optional' }, () => ({ content: [] }))
  const call = (caps: Record<string, unknown>, clientInfo: Record<string, unknown>) =>
    server.handle({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'work',
        arguments: {},
        _meta: modernMeta({
          'io.modelcontextprotocol/clientCapabilities': caps,
          'io.modelcontextprotocol/clientInfo': clientInfo,
        }),
      },
    })
  return { store, call }
}

describe('what a 2026-07-28 request says about its client is bounded (red-team M1)', () => {
  it('refuses a task whose client capabilities and info are over 64 KiB of JSON, as initialize does', async () => {
    const { call } = setup()
    const r = await call(
      { extensions: TASKS, elicitation: { pad: 'x'.repeat(70_000) } },
      { name: 'c', version: '1' },
    )
    expect(r.body).toMatchObject({
      error: {
        code: -32602,
        message: expect.stringContaining('_meta.io.modelcontextprotocol/clientCapabilities'),
      },
    })
  })

  it('keeps in a task only the capabilities its handler can use and the client name and version', async () => {
    const { store, call } = setup()
    const r = await call(
      { elicitation: {}, extensions: TASKS, experimental: { pad: 'x'.repeat(30_000) }, other: 'y' },
      { name: 'c', version: '1', title: 'z'.repeat(30_000) },
    )
    const taskId = (r.body as unknown as { result: { taskId: string } }).result.taskId
    const task = await store.get(taskId)
    expect(task?.request.clientCapabilities).toEqual({ elicitation: {}, extensions: TASKS })
    expect(task?.request.clientInfo).toEqual({ name: 'c', version: '1' })
    expect(JSON.stringify(task).length).toBeLessThan(1000)
  })
})
