import { describe, expect, it } from 'vitest'
import { ConnectionClosedError, McpLocalError, RequestTimeoutError } from '../errors/local-error.js'
import { ProtocolError, UnsupportedProtocolVersionError } from '../errors/protocol-error.js'
import { decideEra, isRecognizedModernError, mutualLegacy } from './era.js'

const fail = (error: unknown) => decideEra({ ok: false, error }, '2026-07-28', new Set())

describe('decideEra', () => {
  it('a discover result means modern', () => {
    const d = decideEra({ ok: true, result: { supportedVersions: ['2026-07-28'] } }, '2026-07-28', new Set())
    expect(d).toMatchObject({ next: 'modern', version: '2026-07-28' })
  })

  it('falls back to legacy on any non-modern failure, whatever the code', () => {
    for (const error of [
      new ProtocolError(-32601, 'Method not found'),
      new ProtocolError(-32602, 'Invalid params'),
      new ProtocolError(-32600, 'Bad Request: no session'),
      new ProtocolError(-32000, 'Server not initialized'),
      new RequestTimeoutError('server/discover', 1, 10),
      new McpLocalError('transport', 'HTTP 400'),
      new Error('socket hang up'),
    ])
      expect(fail(error)).toMatchObject({ next: 'legacy', version: '2025-11-25' })
  })

  it('UnsupportedProtocolVersion: mutual legacy version, or failure when nothing is shared', () => {
    expect(
      fail(new UnsupportedProtocolVersionError('2026-07-28', ['2025-03-26', '2024-11-05'])),
    ).toMatchObject({
      next: 'legacy',
      version: '2025-03-26',
    })
    const none = fail(new UnsupportedProtocolVersionError('2026-07-28', ['2030-01-01']))
    expect(none.next).toBe('fail')
    // Listing only the rejected version cannot be retried with the same version.
    expect(fail(new UnsupportedProtocolVersionError('x', ['2026-07-28'])).next).toBe('fail')
  })

  it('other recognized modern errors and a closed connection fail without fallback', () => {
    expect(fail(new ProtocolError(-32020, 'Header mismatch')).next).toBe('fail')
    expect(fail(new ProtocolError(-32021, 'Missing capability', { requiredCapabilities: {} })).next).toBe(
      'fail',
    )
    expect(fail(new ConnectionClosedError()).next).toBe('fail')
  })

  it('recognizes -32022 only with a usable supported list', () => {
    expect(isRecognizedModernError(new ProtocolError(-32022, 'x', { supported: ['2026-07-28'] }))).toBe(true)
    expect(isRecognizedModernError(new ProtocolError(-32022, 'x'))).toBe(false)
    expect(isRecognizedModernError(new ProtocolError(-32022, 'x', { supported: [1] }))).toBe(false)
    expect(mutualLegacy(['2024-11-05', '2025-06-18'])).toBe('2025-06-18')
  })
})
