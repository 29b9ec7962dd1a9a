import type { ProtocolError } from '@edgemcp/core'
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
  /** Origins allowed to call the endpoint. Default: loopback origins. Requests without `Origin` pass. */
  allowedOrigins?: Allowlist | undefined
  /** Host header values (`name` or `name:port`) allowed; unset means no Host check. */
  allowedHosts?: Allowlist | undefined
}

/** A `Host` outside the allowlist (name, or name:port) is refused with 403. */
export function checkHost(request: Request, allowedHosts: Allowlist): ProtocolError | undefined {
  const host = request.headers.get('host') ?? new URL(request.url).host
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
  const origin = request.headers.get('origin')
  if (origin !== null && !allowed(options.allowedOrigins ?? isLoopbackOrigin, origin))
    return forbidden('origin', origin)
  return options.allowedHosts === undefined ? undefined : checkHost(request, options.allowedHosts)
}
