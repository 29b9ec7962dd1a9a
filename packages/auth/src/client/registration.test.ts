import type * as oauth from 'oauth4webapi'
import { describe, expect, it } from 'vitest'
import { clientSecretBasic, preRegisteredRecord, registrationMetadata, secretMethod } from './registration.js'
import { MemoryOAuthStore } from './store.js'

const as = (methods?: string[]): oauth.AuthorizationServer => ({
  issuer: 'https://as.test',
  ...(methods && { token_endpoint_auth_methods_supported: methods }),
})

describe('registration', () => {
  it('asks for a public native client with refresh tokens from a loopback redirect', () => {
    expect(registrationMetadata({ name: 'cli', redirectUri: 'http://127.0.0.1:7777/cb' }, 'none')).toEqual({
      client_name: 'cli',
      redirect_uris: ['http://127.0.0.1:7777/cb'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    })
    expect(
      registrationMetadata({ name: 'web', redirectUri: 'https://app.test/cb' }, 'none').application_type,
    ).toBe('web')
  })

  it('authenticates with a secret by basic unless the server only takes post (RFC 8414 default: basic)', () => {
    expect(secretMethod(as())).toBe('client_secret_basic')
    expect(secretMethod(as(['client_secret_post']))).toBe('client_secret_post')
    expect(secretMethod(as(['none', 'client_secret_basic', 'client_secret_post']))).toBe(
      'client_secret_basic',
    )
  })

  it('client_secret_basic leaves unreserved characters as they are and encodes the rest', () => {
    const headers = new Headers()
    void clientSecretBasic('s3cr:t')(as(), { client_id: 'my-client.v1' }, new URLSearchParams(), headers)
    expect(atob(headers.get('authorization')?.slice(6) ?? '')).toBe('my-client.v1:s3cr%3At')
  })

  it('pre-registered credentials are bound to their first authorization server and refused at another', async () => {
    const store = new MemoryOAuthStore()
    const client = { clientId: 'pre', clientSecret: 'sec' }
    expect(await preRegisteredRecord(as(['client_secret_post']), client, store)).toMatchObject({
      client_id: 'pre',
      token_endpoint_auth_method: 'client_secret_post',
    })
    await expect(preRegisteredRecord({ issuer: 'https://other.test' }, client, store)).rejects.toMatchObject({
      code: 'authorization_server_changed',
    })
    await expect(
      preRegisteredRecord(as(), { ...client, issuer: 'https://elsewhere.test' }, new MemoryOAuthStore()),
    ).rejects.toMatchObject({
      code: 'authorization_server_changed',
    })
  })
})
