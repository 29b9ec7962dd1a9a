import { McpServer } from '@edgemcp/core'
import { describe, expect, it } from 'vitest'
import { isServerEvent, relayEvents, type ServerEvent } from './server-events.js'

describe('relayEvents', () => {
  it('publishes what the server raises, but not what it is handed to deliver', async () => {
    const server = new McpServer({ name: 't', version: '1' })
    server.tool('before', {}, () => ({ content: [] }))
    const published: ServerEvent[] = []
    const deliver = relayEvents(server, (e) => published.push(e))
    const heard: string[] = []
    server.subscribe((e) => heard.push(e.type))

    await server.notifyResourceUpdated('item://1')
    server.tool('after', {}, () => ({ content: [] }))
    await deliver({ type: 'resource-updated', uri: 'item://2' })
    await deliver({ type: 'prompts' })

    expect(published).toEqual([{ type: 'resource-updated', uri: 'item://1' }, { type: 'tools' }])
    expect(heard).toEqual(['resource-updated', 'tools', 'resource-updated', 'prompts'])
  })

  it('delivers list changes to legacy sessions', async () => {
    const server = new McpServer({ name: 't', version: '1' })
    const deliver = relayEvents(server, () => {})
    const session = server.createSession()
    session.initialized = true
    const sent: unknown[] = []
    session.attach((m) => {
      sent.push(m)
    })
    await deliver({ type: 'resources' })
    expect(sent).toEqual([{ jsonrpc: '2.0', method: 'notifications/resources/list_changed' }])
  })
})

describe('isServerEvent', () => {
  it.each([
    [{ type: 'tools' }, true],
    [{ type: 'resource-updated', uri: 'a://b' }, true],
    [{ type: 'resource-updated' }, false],
    [{ type: 'other' }, false],
    [null, false],
  ])('%j → %s', (value, want) => expect(isServerEvent(value)).toBe(want))
})
