import type { McpRequestContext } from '@edgemcp/streamable-http'
import { nodeRemoteAddress } from '@edgemcp/streamable-http/internal'

const plain = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')

/**
 * The `clientAddress` of a fleet behind reverse proxies: the socket's address, unless it is one of
 * `trustedProxies`; then the last `X-Forwarded-For` address that is not a trusted proxy (each proxy appends
 * the address it was reached from, so the ones before the last untrusted hop may be written by the client
 * and are never used). Without trusted proxies `X-Forwarded-For` is ignored.
 */
export function forwardedClientAddress(
  trustedProxies: readonly string[],
): (c: McpRequestContext) => string | undefined {
  const trusted = new Set(trustedProxies.map(plain))
  return (c) => {
    const socket = nodeRemoteAddress(c)
    if (socket === undefined || !trusted.has(plain(socket))) return socket
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map(plain).filter(Boolean)
    for (let i = hops.length - 1; i >= 0; i--) if (!trusted.has(hops[i] as string)) return hops[i]
    return socket
  }
}
