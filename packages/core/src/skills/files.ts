/** Skill files as given to `serveSkills`: path (relative to the skills root) → content. */
export type SkillFiles = Readonly<Record<string, string | Uint8Array>>

/** A file as served: its raw bytes, its text when it is UTF-8, and its media type. */
export interface StoredFile {
  uri: string
  bytes: Uint8Array
  text: string | undefined
  mimeType: string
}

const MEDIA_TYPES: Record<string, string> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  csv: 'text/csv',
  html: 'text/html',
  css: 'text/css',
  xml: 'application/xml',
  js: 'text/javascript',
  mjs: 'text/javascript',
  ts: 'text/typescript',
  py: 'text/x-python',
  sh: 'text/x-shellscript',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
const encoder = new TextEncoder()

/** The served form of one file: bytes and text as given, the media type from its extension. */
export function storedFile(uri: string, path: string, content: string | Uint8Array): StoredFile {
  const bytes = typeof content === 'string' ? encoder.encode(content) : content
  let text = typeof content === 'string' ? content : undefined
  if (text === undefined)
    try {
      text = decoder.decode(bytes)
    } catch {} // not UTF-8: served as a blob
  const ext = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase()
  const known = ext === undefined ? undefined : MEDIA_TYPES[ext]
  const mimeType = known ?? (text === undefined ? 'application/octet-stream' : 'text/plain')
  return { uri, bytes, text, mimeType }
}

/** `sha256:` and the lowercase hex SHA-256 of `bytes` (the digest form SEP-2640 uses). */
export async function sha256Digest(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))
  return `sha256:${Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** Standard base64 of `bytes` (a resource `blob`). */
export function base64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}
