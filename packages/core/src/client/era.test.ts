import { describe, expect, it } from 'vitest'
import { ConnectionClosedError, McpLocalError, RequestTimeoutError } from '../errors/local-error.js'
import { ProtocolError, UnsupportedProtocolVersionError } from '../errors/protocol-error.js'
import { decideEra, discoverResultProblems, isRecognizedModernError, mutualLegacy } from './era.js'
import { McpHttpError } from './http-error.js'

const fail = (error: unknown, retried = false) => decideEra({ ok: false, error }, '2026-07-28', retried)
const DISCOVERED = { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {} }
const http = (status: number) => new McpHttpError({ status, method: 'POST', url: 'http://h/mcp' })

describe('decideEra', () => {
  it('a discover result means modern', () => {
    const d = decideEra({ ok: true, result: DISCOVERED }, '2026-07-28', false)
    expect(d).toMatchObject({ next: 'modern', version: '2026-07-28' })
  })

  it('a result that is not a DiscoverResult (a legacy server answering {}) means legacy', () => {
    for (const result of [
      {},
      { resultType: 'complete' },
      { ...DISCOVERED, supportedVersions: [] },
      { ...DISCOVERED, supportedVersions: '2026-07-28' },
      { ...DISCOVERED, capabilities: null },
      { ...DISCOVERED, resultType: undefined },
      { ...DISCOVERED, ttlMs: -1 },
      { ...DISCOVERED, cacheScope: 'shared' },
    ])
      expect(decideEra({ ok: true, result }, '2026-07-28', false)).toMatchObject({
        next: 'legacy',
        reason: expect.stringMatching(/not a DiscoverResult/),
      })
    expect(discoverResultProblems({})).toEqual([
      'supportedVersions is not a non-empty list of strings',
      'capabilities is not an object',
      'resultType is not "complete"',
    ])
    expect(discoverResultProblems({ ...DISCOVERED, ttlMs: 0, cacheScope: 'public' })).toEqual([])
  })

  it('HTTP 401, 403 and 429 fail as they are; 400, 404, 405 and 5xx may be a legacy server', () => {
    for (const status of [401, 403, 407, 429]) expect(fail(http(status))).toMatchObject({ next: 'fail' })
    for (const status of [400, 404, 405, 500, 503]) expect(fail(http(status)).next).toBe('legacy')
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
    expect(none).toMatchObject({ next: 'fail' })
    if (none.next === 'fail')
      expect(none.error.message).toBe(
        'No mutually supported protocol version: the server supports 2030-01-01; this client supports 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05',
      )
  })

  it('UnsupportedProtocolVersion listing a version we support: one retry, even with the same version', () => {
    const refused = new UnsupportedProtocolVersionError('2026-07-28', ['2026-07-28'])
    expect(fail(refused)).toEqual({ next: 'retry', version: '2026-07-28' })
    const again = fail(refused, true)
    expect(again.next).toBe('fail')
    if (again.next === 'fail')
      expect(again.error.message).toMatch(
        /refused protocol version 2026-07-28 again after a retry, although it lists 2026-07-28 as supported/,
      )
  })

  it('other recognized modern errors and a closed connection fail without fallback', () => {
    expect(fail(new ProtocolError(-32020, 'Header mismatch')).next).toBe('fail')
    expect(fail(new ProtocolError(-32021, 'Missing capability', { requiredCapabilities: {} })).next).toBe(
      'fail',
    )
    expect(fail(new ConnectionClosedError()).next).toBe('fail')
  })

  it('an auth provider that could not log in fails the handshake with its own error', () => {
    const refused = new McpLocalError('auth', 'no login possible')
    expect(fail(refused)).toEqual({ next: 'fail', error: refused })
  })

  it('recognizes -32022 only with a usable supported list', () => {
    expect(isRecognizedModernError(new ProtocolError(-32022, 'x', { supported: ['2026-07-28'] }))).toBe(true)
    expect(isRecognizedModernError(new ProtocolError(-32022, 'x'))).toBe(false)
    expect(isRecognizedModernError(new ProtocolError(-32022, 'x', { supported: [1] }))).toBe(false)
    expect(mutualLegacy(['2024-11-05', '2025-06-18'])).toBe('2025-06-18')
  })
})
