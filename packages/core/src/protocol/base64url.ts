// Unpadded base64url (RFC 4648 §5, as JWS and MRTR state use it), on atob/btoa: no Node Buffer.
const BASE64URL = /^[A-Za-z0-9_-]*$/

/** Decodes unpadded base64url (RFC 7515 §2); undefined when the text is not valid base64url. */
export function decodeBase64Url(text: string): Uint8Array | undefined {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return undefined
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/')
  let binary: string
  try {
    binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))
  } catch {
    return undefined
  }
  const out = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i)
  return out
}

/** Encodes bytes as unpadded base64url. */
export function encodeBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
