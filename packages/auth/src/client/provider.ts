import type { AuthChallenge, AuthProvider, AuthRequest } from '@edgemcp/core'
import * as oauth from 'oauth4webapi'
import { tokenResponse } from './authorization-code.js'
import { discoverAuthorizationServer } from './authorization-server.js'
import { challengeOf, parseWwwAuthenticate, scopeList } from './challenge.js'
import { DpopKey, type DpopMode } from './dpop.js'
import { OAuthClientError } from './errors.js'
import { type FetchLike, guardedFetch, secureUrl } from './guarded-fetch.js'
import type { TokenGrant } from './grant.js'
import { libraryOptions } from './library-options.js'
import { scopeKey, selectScope } from './scopes.js'
import {
  isTokenRecord,
  MemoryOAuthStore,
  type OAuthStore,
  readRecord,
  type TokenRecord,
  tokenKey,
} from './store.js'
import { canonicalResource, discoverTarget, type Target } from './target.js'

/** Options every OAuth provider of `@edgemcp/auth/client` takes. */
export interface OAuthProviderOptions {
  /** The MCP endpoint. Credentials are only ever sent to its origin. */
  serverUrl: string | URL
  /** Where registrations and tokens are kept. Default: memory (they last as long as the provider). */
  store?: OAuthStore | undefined
  /** Scopes always asked for, on top of what the server's challenge or metadata asks. */
  scope?: string | readonly string[] | undefined
  /** Ask for `offline_access` (a refresh token) where the authorization server offers it. Default true. */
  offlineAccess?: boolean | undefined
  /**
   * Bind tokens to a key with DPoP (RFC 9449). `auto` (default): when the server's challenge offers the DPoP
   * scheme and the authorization server supports ES256 proofs; `true`: whenever the authorization server does.
   */
  dpop?: DpopMode | undefined
  /** The DPoP key; default a fresh ES256 key per provider (tokens bound to it do not outlive the process). */
  dpopKeyPair?: CryptoKeyPair | undefined
  /** Step-up authorizations per scope the server asks for with 403 insufficient_scope. Default 2. */
  maxStepUpAttempts?: number | undefined
  /** Use the 2025-03-26 discovery for servers without protected-resource metadata. Default true. */
  legacyDiscovery?: boolean | undefined
  /** Picks among several authorization servers of the resource (RFC 9728 §7.6). Default: the first. */
  selectAuthorizationServer?: ((issuers: readonly string[]) => string) | undefined
  /** The fetch for metadata and authorization-server requests. Default: global fetch. */
  fetch?: FetchLike | undefined
  /** Largest metadata or token answer read. Default 100 000 bytes. */
  maxResponseBytes?: number | undefined
  /** Timeout of each metadata or authorization-server request. Default 30 000 ms. */
  timeoutMs?: number | undefined
}

const EXPIRY_MARGIN_MS = 30_000

/**
 * An {@link AuthProvider} that obtains OAuth tokens for one MCP server: discovers its authorization server
 * (RFC 9728, RFC 8414 / OIDC), gets tokens through its grant, refreshes them, steps up on 403
 * `insufficient_scope`, and never sends them to another origin. Create one with `createOAuthProvider` (users),
 * `createClientCredentialsProvider`, `createJwtBearerProvider` or `createEnterpriseProvider` (workloads).
 */
export class OAuthProvider implements AuthProvider {
  readonly #grant: TokenGrant
  readonly #server: URL
  readonly #key: string
  readonly #store: OAuthStore
  readonly #fetch: FetchLike
  readonly #options: OAuthProviderOptions
  #tokens: TokenRecord | undefined | null = null
  #busy: Promise<unknown> | undefined
  #dpop: DpopKey | undefined
  readonly #rejected = new Set<string>()
  readonly #stepUps = new Map<string, number>()
  readonly #servers = new Map<string, oauth.AuthorizationServer>()

  constructor(grant: TokenGrant, options: OAuthProviderOptions) {
    this.#grant = grant
    this.#options = options
    this.#server = secureUrl(options.serverUrl, 'MCP server')
    this.#key = tokenKey(canonicalResource(this.#server))
    this.#store = options.store ?? new MemoryOAuthStore()
    this.#fetch = guardedFetch({
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      maxResponseBytes: options.maxResponseBytes ?? 100_000,
      timeoutMs: options.timeoutMs ?? 30_000,
    })
  }

  /** The tokens held for the server, if any (read from the store). */
  async tokens(): Promise<TokenRecord | undefined> {
    this.#tokens ??= (await readRecord<TokenRecord>(this.#store, this.#key, isTokenRecord)) ?? undefined
    return this.#tokens
  }

  async headers(request: AuthRequest): Promise<Record<string, string>> {
    if (!this.#sameOrigin(request.url)) return {}
    await this.#busy?.catch(() => {})
    let tokens = await this.tokens()
    if (tokens && expired(tokens))
      tokens = tokens.refresh_token
        ? await this.#exclusive(
            () => this.#refresh(),
            () => this.tokens(),
          )
        : undefined
    if (!tokens) return {}
    if (tokens.token_type !== 'dpop') return { Authorization: `Bearer ${tokens.access_token}` }
    if (!this.#dpop) return {} // bound to a key this process does not have: log in again
    return this.#dpop.headers(tokens.access_token, request.method, request.url)
  }

  async unauthorized(challenge: AuthChallenge): Promise<boolean> {
    if (!this.#sameOrigin(challenge.url)) return false
    const challenges = parseWwwAuthenticate(challenge.headers.get('www-authenticate'))
    const dpop = challengeOf(challenges, 'dpop')
    if (dpop?.error === 'use_dpop_nonce') {
      if (!this.#dpop || !challenge.headers.has('dpop-nonce')) return false
      await this.#dpop.learnNonce(challenge.url, challenge.status, challenge.headers)
      return true
    }
    const params = challengeOf(challenges, 'bearer') ?? dpop ?? {}
    const sent = sentToken(challenge.sentHeaders)
    const offersDpop = dpop !== undefined
    if (challenge.status === 403)
      return (
        params.error === 'insufficient_scope' &&
        this.#exclusive(() => this.#stepUp(params, sent, offersDpop), yes)
      )
    return challenge.status === 401 && this.#exclusive(() => this.#reauthorize(params, sent, offersDpop), yes)
  }

  /** Obtains tokens now, without waiting for the server to ask (discovery from the well-known URLs). */
  async login(): Promise<void> {
    await this.#exclusive(
      async () => {
        const target = await this.#discover(undefined)
        await this.#obtain(target, this.#scope(undefined, target, []), false)
      },
      async () => {},
    )
  }

  /** Forgets the tokens of this server (registrations stay: they belong to the authorization server). */
  async logout(): Promise<void> {
    this.#tokens = undefined
    await this.#store.delete(this.#key)
  }

  #sameOrigin(url: string): boolean {
    try {
      return new URL(url).origin === this.#server.origin
    } catch {
      return false
    }
  }

  /**
   * Runs one login or refresh at a time. A caller arriving meanwhile waits for it and then gets `afterOther()`
   * (its request is retried with the new tokens rather than starting a second login).
   */
  async #exclusive<T>(run: () => Promise<T>, afterOther: () => T | Promise<T>): Promise<T> {
    const busy = this.#busy
    if (busy) return busy.then(afterOther)
    const running = run()
    this.#busy = running
    try {
      return await running
    } finally {
      if (this.#busy === running) this.#busy = undefined
    }
  }

  #discover(challengeUrl: string | undefined): Promise<Target> {
    return discoverTarget(this.#server, challengeUrl, {
      fetch: this.#fetch,
      legacyDiscovery: this.#options.legacyDiscovery ?? true,
      selectAuthorizationServer: this.#options.selectAuthorizationServer,
    })
  }

  #scope(challenged: string | undefined, target: Target, prior: readonly string[]): string | undefined {
    const configured = this.#options.scope
    return selectScope({
      challenged,
      resourceSupported: target.resourceScopes,
      prior,
      configured: typeof configured === 'string' ? scopeList(configured) : [...(configured ?? [])],
      serverSupported: target.as.scopes_supported,
      offlineAccess: this.#options.offlineAccess ?? true,
    })
  }

  /** 401: another login replaced the refused token meanwhile, or refresh it, or log in again. */
  async #reauthorize(
    params: Record<string, string>,
    sent: string | undefined,
    offersDpop: boolean,
  ): Promise<boolean> {
    const current = await this.tokens()
    if (current && !expired(current) && current.access_token !== sent) return true
    const target = await this.#discover(params.resource_metadata)
    if (current && current.access_token === sent && !this.#rejected.has(sent)) {
      this.#rejected.add(sent)
      const sameServer = current.issuer === target.as.issuer && current.resource === target.resource
      if (sameServer && current.refresh_token && (await this.#refresh())) return true
    }
    this.#stepUps.clear() // a new login: step-up attempts count afresh
    await this.#obtain(target, this.#scope(params.scope, target, priorScopes(current)), offersDpop)
    return true
  }

  /**
   * 403 insufficient_scope: authorize again for what was held plus what is asked (SEP-2350), at most
   * `maxStepUpAttempts` times per challenged scope set until a 401 starts a new login (MCP 2026-07-28 "Step-Up
   * Authorization Flow": retry limits, so a scope the authorization server never grants is not a loop).
   */
  async #stepUp(
    params: Record<string, string>,
    sent: string | undefined,
    offersDpop: boolean,
  ): Promise<boolean> {
    const current = await this.tokens()
    if (current && !expired(current) && sent !== undefined && current.access_token !== sent) return true
    const key = scopeKey(params.scope)
    const attempts = (this.#stepUps.get(key) ?? 0) + 1
    const limit = this.#options.maxStepUpAttempts ?? 2
    if (attempts > limit)
      throw new OAuthClientError(
        'step_up_limit',
        `${this.#server.origin} still refuses with insufficient_scope (${params.scope ?? 'no scope named'}) after ` +
          `${limit} step-up authorizations; the authorization server does not grant it`,
      )
    this.#stepUps.set(key, attempts)
    const target = await this.#discover(params.resource_metadata)
    await this.#obtain(target, this.#scope(params.scope, target, priorScopes(current)), offersDpop)
    return true
  }

  async #obtain(target: Target, scope: string | undefined, offersDpop: boolean): Promise<void> {
    const client = await this.#grant.client(target.as, 'obtain', this.#store, this.#fetch)
    const authentication = await this.#grant.authentication(client, target.as)
    const dpop = await this.#dpopFor(target.as, client.client_id, offersDpop)
    const response = await this.#grant.obtain({
      as: target.as,
      resource: target.resource,
      scope,
      client,
      authentication,
      fetch: this.#fetch,
      dpop: dpop?.handle,
      store: this.#store,
    })
    this.#servers.set(target.as.issuer, target.as)
    await this.#save({
      issuer: target.as.issuer,
      resource: target.resource,
      client_id: client.client_id,
      ...tokenFields(response),
      ...(response.scope === undefined && scope !== undefined && { scope }),
      ...(scope !== undefined && { requested_scope: scope }),
    })
  }

  async #dpopFor(
    as: oauth.AuthorizationServer,
    clientId: string,
    offered: boolean,
  ): Promise<DpopKey | undefined> {
    const mode = this.#options.dpop ?? 'auto'
    if (mode === false || !DpopKey.supportedBy(as) || (mode === 'auto' && !offered)) return undefined
    this.#dpop ??= await DpopKey.create({ client_id: clientId }, this.#options.dpopKeyPair)
    return this.#dpop
  }

  /** Refreshes the held tokens at the server that issued them; drops them when it refuses. */
  async #refresh(): Promise<TokenRecord | undefined> {
    const current = await this.tokens()
    if (!current?.refresh_token) return undefined
    const bound = current.token_type === 'dpop'
    try {
      if (bound && !this.#dpop) throw new Error('the DPoP key of these tokens is gone')
      const as =
        this.#servers.get(current.issuer) ?? (await discoverAuthorizationServer(current.issuer, this.#fetch))
      if (!as) throw new Error(`no metadata for ${current.issuer}`)
      const client = await this.#grant.client(as, 'refresh', this.#store, this.#fetch)
      if (current.client_id !== undefined && client.client_id !== current.client_id)
        throw new Error('the client that obtained these tokens is no longer registered')
      const authentication = await this.#grant.authentication(client, as)
      const oauthClient = { client_id: client.client_id }
      const refreshToken = current.refresh_token
      const response = await tokenResponse(as, async () =>
        oauth.processRefreshTokenResponse(
          as,
          oauthClient,
          await oauth.refreshTokenGrantRequest(as, oauthClient, authentication, refreshToken, {
            ...libraryOptions(this.#fetch, bound ? this.#dpop?.handle : undefined),
            additionalParameters: { resource: current.resource },
          }),
        ),
      )
      return await this.#save({ ...current, refresh_token: refreshToken, ...tokenFields(response) })
    } catch {
      await this.logout()
      return undefined
    }
  }

  async #save(record: TokenRecord): Promise<TokenRecord> {
    this.#tokens = record
    await this.#store.set(this.#key, JSON.stringify(record))
    return record
  }
}

const yes = () => true

function expired(tokens: TokenRecord): boolean {
  return tokens.expires_at !== undefined && tokens.expires_at - EXPIRY_MARGIN_MS <= Date.now()
}

/** What was asked for and granted before: kept when authorizing again (SEP-2350 scope union). */
function priorScopes(tokens: TokenRecord | undefined): string[] {
  return [...new Set([...scopeList(tokens?.requested_scope), ...scopeList(tokens?.scope)])]
}

/** The token of an `Authorization: Bearer|DPoP …` header this provider produced. */
function sentToken(headers: Readonly<Record<string, string>>): string | undefined {
  const value = headers.Authorization ?? headers.authorization
  return value?.replace(/^\S+\s+/, '')
}

function tokenFields(response: oauth.TokenEndpointResponse): Omit<TokenRecord, 'issuer' | 'resource'> {
  return {
    access_token: response.access_token,
    token_type: response.token_type,
    ...(response.expires_in !== undefined && { expires_at: Date.now() + response.expires_in * 1000 }),
    ...(response.refresh_token !== undefined && { refresh_token: response.refresh_token }),
    ...(response.scope !== undefined && { scope: response.scope }),
  }
}
