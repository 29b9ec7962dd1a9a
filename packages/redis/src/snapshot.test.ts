import { McpServer } from '@edgemcp/core'
import { describe, expect, it } from 'vitest'
import { applySnapshot, storedForm } from './snapshot.js'

describe('snapshots across instances', () => {
  it('brings a copy up to date and keeps what lives only here (the standalone channel)', () => {
    const server = new McpServer({ name: 's', version: '1' })
    const there = server.createSession('abc')
    there.protocolVersion = '2025-11-25'
    there.initialized = true
    there.logLevel = 'error'
    there.subscriptions.add('note://a')
    const stored = JSON.parse(storedForm(there, 'instance-b'))
    expect(stored.owner).toBe('instance-b')
    const here = server.restoreSession({
      id: 'abc',
      clientCapabilities: {},
      subscriptions: ['note://old'],
      initialized: true,
    })
    const channel = () => {}
    here.attach(channel)
    applySnapshot(here, stored)
    expect(here.snapshot()).toEqual(there.snapshot())
    expect(here.hasStandaloneChannel).toBe(true)
  })
})
