import { describe, expect, it } from 'vitest'
import { importPrivateKeyPem } from './private-key.js'

async function pem(algorithm: EcKeyGenParams | RsaHashedKeyGenParams): Promise<string> {
  const pair = (await crypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair
  const der = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey))
  const b64 = btoa(String.fromCharCode(...der)).replace(/.{64}/g, '$&\n')
  return `-----BEGIN PRIVATE KEY-----\n${b64}\n-----END PRIVATE KEY-----\n`
}

describe('importPrivateKeyPem', () => {
  it('imports PKCS#8 EC and RSA keys that can sign', async () => {
    const ec = await importPrivateKeyPem(await pem({ name: 'ECDSA', namedCurve: 'P-256' }), 'ES256')
    expect(ec.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' })
    expect(ec.extractable).toBe(false)
    await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, ec, new Uint8Array(1))
    const rsa = await importPrivateKeyPem(
      await pem({
        name: 'RSASSA-PKCS1-v1_5',
        modulusLength: 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: 'SHA-256',
      }),
      'RS256',
    )
    expect(rsa.algorithm.name).toBe('RSASSA-PKCS1-v1_5')
  })

  it('refuses what is not a PKCS#8 PEM with a clear message', async () => {
    await expect(
      importPrivateKeyPem('-----BEGIN EC PRIVATE KEY-----\nAA==\n-----END EC PRIVATE KEY-----'),
    ).rejects.toThrow(/Not a PKCS#8 PEM private key/)
  })
})
