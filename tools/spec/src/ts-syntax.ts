/** Small helpers for printing TypeScript source text. */

import type { Json } from './strip-descriptions.js'

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** A single-quoted TS string literal. */
export function quote(value: string): string {
  const body = JSON.stringify(value).slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'")
  return `'${body}'`
}

/** A property key: bare when it is an identifier, quoted otherwise. */
export function propertyKey(name: string): string {
  // A plain or quoted `__proto__` key in an object literal sets the prototype; a computed key does not.
  if (name === '__proto__') return `[${quote(name)}]`
  return IDENTIFIER.test(name) ? name : quote(name)
}

/** Turns an arbitrary string into an identifier fragment (`call-tool.v2` -> `call_tool_v2`). */
export function identifierFragment(text: string): string {
  const cleaned = text.replace(/[^A-Za-z0-9_$]/g, '_')
  return /^[0-9]/.test(cleaned) ? `_${cleaned}` : cleaned
}

/**
 * Prints a JSON value as TS source. Used both for literal types (`const`/`enum`) and for object literal
 * expressions (the example fixtures): for plain JSON the two syntaxes coincide.
 */
export function jsonLiteral(value: Json, indent = ''): string {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'string' ? quote(value) : String(value)
  }
  const inner = `${indent}  `
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    return `[\n${value.map((item) => `${inner}${jsonLiteral(item, inner)},`).join('\n')}\n${indent}]`
  }
  const entries = Object.entries(value)
  if (entries.length === 0) return '{}'
  const lines = entries.map(([key, item]) => `${inner}${propertyKey(key)}: ${jsonLiteral(item, inner)},`)
  return `{\n${lines.join('\n')}\n${indent}}`
}
