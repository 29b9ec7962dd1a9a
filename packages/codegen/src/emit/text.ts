import { isIdentifierName } from '../model/identifiers.js'
import type { Doc, JsonValue } from '../model/type-node.js'

/**
 * Line terminators and control characters (C0 but the tab, DEL and C1), plus the bidirectional overrides and isolates that
 * make code read other than it runs ("Trojan Source"). U+2028 and U+2029 end a `//` comment like `\n` does.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g
const escapeCode = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`

/**
 * Text for a `//` comment: every character that could end the comment (and so turn the rest of the line into
 * code) or hide what follows is written as its `\\uXXXX` escape, so the comment shows it and cannot run it.
 */
export function commentText(text: string): string {
  return text.replace(UNSAFE, escapeCode)
}

/** A single-quoted string literal; no raw line terminator or control character reaches the output. */
export function stringLiteral(value: string): string {
  const json = JSON.stringify(value)
  const body = json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")
  return `'${body.replace(UNSAFE, escapeCode)}'`
}

/** An object key: bare when it is an identifier, quoted otherwise. */
export function propertyKey(name: string): string {
  return isIdentifierName(name) ? name : stringLiteral(name)
}

/** A JSON value as a TypeScript expression (or literal type). */
export function jsonLiteral(value: JsonValue, indent = ''): string {
  if (typeof value === 'string') return stringLiteral(value)
  if (value === null || typeof value !== 'object') return String(value)
  const inner = `${indent}  `
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    return `[\n${value.map((v) => `${inner}${jsonLiteral(v, inner)},`).join('\n')}\n${indent}]`
  }
  const entries = Object.entries(value)
  if (entries.length === 0) return '{}'
  // `__proto__: x` in an object literal sets the prototype; a computed key defines the property.
  const key = (k: string): string => (k === '__proto__' ? "['__proto__']" : propertyKey(k))
  return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${jsonLiteral(v, inner)},`).join('\n')}\n${indent}}`
}

/** A JSON value as a one-line literal type (`{ a: 1; b: ['x'] }`). */
export function jsonLiteralType(value: JsonValue): string {
  if (typeof value === 'string') return stringLiteral(value)
  if (value === null || typeof value !== 'object') return String(value)
  if (Array.isArray(value)) return `[${value.map(jsonLiteralType).join(', ')}]`
  const entries = Object.entries(value)
  if (entries.length === 0) return 'Record<string, never>'
  return `{ ${entries.map(([k, v]) => `${propertyKey(k)}: ${jsonLiteralType(v)}`).join('; ')} }`
}

/** Keeps a block comment from ending early, and its lines from hiding anything (`\n` stays a line break). */
function safe(text: string): string {
  const lines = text.replace(/\*\//g, '*\\/').replace(/\r\n?/g, '\n').split('\n')
  return lines.map(commentText).join('\n')
}

/** The JSDoc body of a Doc plus extra tag lines; undefined when there is nothing to say. */
export function docText(doc: Doc, extra: string[] = []): string | undefined {
  const parts: string[] = []
  if (doc.title && doc.description && doc.title !== doc.description)
    parts.push(doc.title, '', doc.description)
  else if (doc.description ?? doc.title) parts.push((doc.description ?? doc.title)!)
  const tags: string[] = []
  if (doc.format) tags.push(`@format ${doc.format}`)
  if (doc.default !== undefined) tags.push(`@default ${doc.default}`)
  for (const example of doc.examples ?? []) tags.push(`@example ${example}`)
  if (doc.deprecated) tags.push('@deprecated')
  tags.push(...extra)
  if (parts.length > 0 && tags.length > 0) parts.push('')
  parts.push(...tags)
  return parts.length === 0 ? undefined : safe(parts.join('\n'))
}

/** A JSDoc comment block (with trailing newline) for nested members; '' when there is nothing to say. */
export function docComment(doc: Doc, extra: string[] = []): string {
  const text = docText(doc, extra)
  if (text === undefined) return ''
  const lines = text.split('\n')
  if (lines.length === 1) return `/** ${lines[0]} */\n`
  return `/**\n${lines.map((l) => (l === '' ? ' *' : ` * ${l}`)).join('\n')}\n */\n`
}
