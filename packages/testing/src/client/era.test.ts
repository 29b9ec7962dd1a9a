import { describe, expect, it } from 'vitest'
import { checkProtocolChoice, discoverToInitializeResult } from './era.js'

describe('era helpers', () => {
  it('maps server/discover onto an initialize result', () => {
    const result = discoverToInitializeResult('2026-07-28', {
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: {} },
      instructions: 'hi',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '2' } },
    })
    expect(result).toMatchObject({
      protocolVersion: '2026-07-28',
      capabilities: { tools: {} },
      serverInfo: { name: 's', version: '2' },
      instructions: 'hi',
      supportedVersions: ['2026-07-28'],
    })
  })

  it('accepts known revisions and auto only', () => {
    expect(checkProtocolChoice('auto')).toBe('auto')
    expect(checkProtocolChoice('2024-11-05')).toBe('2024-11-05')
    expect(() => checkProtocolChoice('latest')).toThrow(/Unknown protocol version "latest"/)
  })
})
