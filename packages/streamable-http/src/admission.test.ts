import { describe, expect, it } from 'vitest'
import { ClientLimits } from './admission.js'
import type { McpRequestContext } from './request-context.js'

describe('ClientLimits.clientOf', () => {
  it('names each request by its own address, as requests from several clients interleave', () => {
    let address: string | undefined
    const limits = new ClientLimits({
      clientAddress: () => address,
      maxSessionsPerClient: 1,
      maxStreamsPerClient: 1,
      maxBufferedBytesPerClient: 1,
    })
    const c = {} as McpRequestContext
    const keys = ['10.0.0.1', '10.0.0.1', '::ffff:10.0.0.2', undefined, '2001:db8:0:1::5', '10.0.0.1'].map(
      (a) => {
        address = a
        return limits.clientOf(c, undefined)
      },
    )
    expect(keys).toEqual([
      'address:10.0.0.1',
      'address:10.0.0.1',
      'address:10.0.0.2',
      undefined,
      'address:2001:db8:0:1::/64',
      'address:10.0.0.1',
    ])
    // A principal names the client whatever the address.
    expect(limits.clientOf(c, 'alice')).toBe('principal:alice')
  })
})
