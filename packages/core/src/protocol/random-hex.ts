/** `bytes` random bytes from crypto.getRandomValues, as lowercase hex (two digits a byte). */
export function randomHex(bytes: number): string {
  let s = ''
  for (const b of crypto.getRandomValues(new Uint8Array(bytes))) s += b.toString(16).padStart(2, '0')
  return s
}
