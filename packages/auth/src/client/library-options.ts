import * as oauth from 'oauth4webapi'
import type { FetchLike } from './guarded-fetch.js'

/**
 * The options every oauth4webapi request gets: our guarded fetch (https or loopback http only, bounded bodies,
 * no cross-origin redirects) does the transport checks, so the library's own https check is relaxed for the
 * loopback http the guard allows; and the DPoP handle when tokens are bound to a key.
 */
export function libraryOptions(fetchImpl: FetchLike, dpop?: oauth.DPoPHandle | undefined) {
  return {
    [oauth.customFetch]: fetchImpl,
    [oauth.allowInsecureRequests]: true as const,
    ...(dpop && { DPoP: dpop }),
  }
}
