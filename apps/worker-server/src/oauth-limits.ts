import { getOAuthApi, type OAuthProviderOptions } from '@cloudflare/workers-oauth-provider'
import { readBody } from '@edgemcp/streamable-http/internal'
import type { Env } from './env.js'

/** Largest client metadata `/oauth/register` takes, in bytes of JSON (the library's own cap is 1 MiB). */
export const MAX_CLIENT_METADATA_BYTES = 8 * 1024
/** Registrations one client address may make per window (`cf-connecting-ip`). */
export const REGISTRATIONS_PER_WINDOW = 10
/** The registration window, in seconds. */
export const REGISTRATION_WINDOW_SECONDS = 3600
/**
 * How long a registered client is kept, in seconds: 7 days. The library renews the record when a token
 * exchange finds it past half its life, so a client in use stays; one never used is gone after a week.
 */
export const CLIENT_REGISTRATION_TTL_SECONDS = 7 * 24 * 3600
/** How long a spent refresh token is remembered (the library's refresh token lifetime: 30 days). */
const SPENT_TOKEN_TTL_SECONDS = 30 * 24 * 3600

const json = (status: number, body: object, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  })

/** At most `limit` bytes of `request`'s body as text (the transport's body reader); undefined otherwise. */
const readUpTo = async (request: Request, limit: number): Promise<string | undefined> => {
  const body = await readBody(request, limit)
  return body.ok ? body.text : undefined
}

/**
 * Guards `/oauth/register` (RFC 7591): at most `REGISTRATIONS_PER_WINDOW` per client address per window (429
 * with `Retry-After`), and client metadata of at most `MAX_CLIENT_METADATA_BYTES` (400
 * `invalid_client_metadata`). Answers the refusal, or the request to pass on (its body read once, here).
 * The counter is in KV: eventually consistent across locations, so a burst spread over several may pass a
 * few more; it bounds what one address can make the namespace hold.
 */
export async function guardRegistration(request: Request, env: Env): Promise<Request | Response> {
  const kv = env.OAUTH_KV
  if (request.method !== 'POST' || kv === undefined) return request
  const address = request.headers.get('cf-connecting-ip') ?? 'unknown'
  const now = Math.floor(Date.now() / 1000)
  const window = Math.floor(now / REGISTRATION_WINDOW_SECONDS)
  const key = `ratelimit:register:${window}:${address}`
  const count = Number((await kv.get(key)) ?? 0)
  if (count >= REGISTRATIONS_PER_WINDOW) {
    const retryAfter = (window + 1) * REGISTRATION_WINDOW_SECONDS - now
    return json(
      429,
      { error: 'too_many_requests', error_description: 'Too many client registrations; try again later' },
      { 'Retry-After': String(Math.max(1, retryAfter)) },
    )
  }
  const text = await readUpTo(request, MAX_CLIENT_METADATA_BYTES)
  if (text === undefined)
    return json(400, {
      error: 'invalid_client_metadata',
      error_description: `Client metadata must be at most ${MAX_CLIENT_METADATA_BYTES} bytes`,
    })
  // KV's shortest expiry is 60 s; the key outlives its window by at most that.
  await kv.put(key, String(count + 1), {
    expirationTtl: Math.max(60, (window + 1) * REGISTRATION_WINDOW_SECONDS - now),
  })
  return new Request(request, { body: text })
}

const sha256Hex = async (text: string) =>
  Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))))
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')

interface StoredGrant {
  refreshTokenId?: string
  previousRefreshTokenId?: string
}

/**
 * Refresh token reuse detection (OAuth 2.1 §4.3.1, RFC 9700 §4.14.2) around the library's rotation, which
 * keeps accepting the previous refresh token, again and again, so a client whose answer was lost can retry.
 * Here every refresh token may be exchanged twice: once, and one retry. Presenting it a third time, or
 * presenting a token that rotation already left behind, revokes the whole grant (the attacker's and the
 * client's tokens alike) and answers `invalid_grant`. It reads the grant record the library keeps in KV
 * (`grant:{userId}:{grantId}`, its documented storage schema) and remembers spent tokens by their SHA-256 in
 * `refresh-spent:{hash}`, for as long as a refresh token lives.
 * Answers the refusal, or the request to pass on, with `onPassed` to call once the library answered.
 */
export async function guardRefresh(
  request: Request,
  env: Env,
  options: OAuthProviderOptions<Env>,
): Promise<{ request: Request; onPassed?: (response: Response) => Promise<void> } | Response> {
  const kv = env.OAUTH_KV
  if (request.method !== 'POST' || kv === undefined) return { request }
  const text = await readUpTo(request, 64 * 1024)
  if (text === undefined) return json(413, { error: 'invalid_request', error_description: 'Body too large' })
  const passOn = new Request(request, { body: text })
  const form = new URLSearchParams(text)
  const token = form.get('refresh_token')
  if (form.get('grant_type') !== 'refresh_token' || token === null) return { request: passOn }
  const [userId, grantId, secret] = token.split(':')
  if (!userId || !grantId || !secret) return { request: passOn }
  const grant = await kv.get<StoredGrant>(`grant:${userId}:${grantId}`, { type: 'json' })
  if (grant === null) return { request: passOn }
  const hash = await sha256Hex(token)
  const spentKey = `refresh-spent:${hash}`
  const spent = Number((await kv.get(spentKey)) ?? 0)
  const current = grant.refreshTokenId === hash
  const previous = grant.previousRefreshTokenId === hash
  if (spent >= 2 || (spent >= 1 && !current && !previous)) {
    await getOAuthApi(options, env).revokeGrant(grantId, userId)
    await kv.delete(spentKey)
    return json(400, {
      error: 'invalid_grant',
      error_description: 'Refresh token reused: the grant is revoked, sign in again',
    })
  }
  if (!current && !previous) return { request: passOn }
  return {
    request: passOn,
    onPassed: async (response) => {
      if (response.ok) await kv.put(spentKey, String(spent + 1), { expirationTtl: SPENT_TOKEN_TTL_SECONDS })
    },
  }
}
