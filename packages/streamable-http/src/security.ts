import type { ProtocolError } from '@edgemcp/core'
import { headersOf } from './header-reader.js'
import { transportError } from './http-error.js'

/** An allowlist: exact strings (`'*'` allows all), or a predicate. */
export type Allowlist = readonly string[] | ((value: string) => boolean)

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/** Whether a host name (no port) is a loopback name. */
export const isLoopbackHostname = (hostname: string): boolean => LOOPBACK_NAMES.has(hostname.toLowerCase())

/** The default Origin allowlist: http(s) origins on localhost, 127.0.0.1 or [::1], any port. */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin)
    // A URL's host name is lowercase already.
    return /^https?:$/.test(url.protocol) && LOOPBACK_NAMES.has(url.hostname)
  } catch {
    return false
  }
}

/** Whether a `Host` header (name and optional port) names a loopback host. */
export function isLoopbackHost(host: string): boolean {
  try {
    return LOOPBACK_NAMES.has(new URL(`http://${host}`).hostname)
  } catch {
    return false
  }
}

const normalize = (v: string) => v.toLowerCase().replace(/\/+$/, '')

function allowed(list: Allowlist, value: string): boolean {
  if (typeof list === 'function') return list(value)
  const v = normalize(value)
  return list.some((entry) => entry === '*' || normalize(entry) === v)
}

const forbidden = (what: string, value: string): ProtocolError =>
  transportError(403, `Forbidden: ${what} ${value} is not allowed`)

export interface RequestGuardOptions {
  /**
   * Origins allowed to call the endpoint. Default: loopback origins, and the server's own origin when
   * `allowedHosts` checks the Host (a page it serves itself, such as @edgemcp/explorer). Requests without
   * `Origin` pass.
   */
  allowedOrigins?: Allowlist | undefined
  /** Host header values (`name` or `name:port`) allowed; unset means no Host check. */
  allowedHosts?: Allowlist | undefined
}

/** A `Host` outside the allowlist (name, or name:port) is refused with 403. */
export function checkHost(request: Request, allowedHosts: Allowlist): ProtocolError | undefined {
  const host = headersOf(request).get('host') ?? new URL(request.url).host
  return allowed(allowedHosts, host) || allowed(allowedHosts, host.replace(/:\d+$/, ''))
    ? undefined
    : forbidden('host', host)
}

/**
 * DNS-rebinding protection (2025-11-25 basic/transports "Security Warning", basic/security_best_practices):
 * a present but unlisted `Origin`, or a `Host` outside the allowlist, is refused with 403.
 */
export function checkRequestOrigin(
  request: Request,
  options: RequestGuardOptions,
): ProtocolError | undefined {
  const origin = headersOf(request).get('origin')
  if (options.allowedHosts !== undefined) {
    const refused = checkHost(request, options.allowedHosts)
    if (refused) return refused
  }
  if (origin === null || allowed(options.allowedOrigins ?? isLoopbackOrigin, origin)) return undefined
  // By default a page of this very server may call it: with the Host checked, DNS rebinding cannot forge the
  // pair (a rebound page's Origin and Host both name the attacker's host, which the Host allowlist refuses).
  if (
    options.allowedOrigins === undefined &&
    options.allowedHosts !== undefined &&
    isSameHost(origin, request)
  )
    return undefined
  return forbidden('origin', origin)
}

function isSameHost(origin: string, request: Request): boolean {
  try {
    const host = headersOf(request).get('host') ?? new URL(request.url).host
    const url = new URL(origin)
    return /^https?:$/.test(url.protocol) && url.host === new URL(`${url.protocol}//${host}`).host
  } catch {
    return false
  }
}
