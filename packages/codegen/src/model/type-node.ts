/** The schema model: a small TypeScript-shaped tree built from JSON Schema, shared by every tool. */

/** JSDoc content gathered from annotation keywords. */
export interface Doc {
  title?: string
  description?: string
  format?: string
  /** JSON text of `default`. */
  default?: string
  /** JSON text of each entry of `examples`. */
  examples?: string[]
  deprecated?: boolean
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

export type TypeNode =
  | { kind: 'keyword'; name: KeywordName }
  | { kind: 'literal'; value: JsonValue }
  | { kind: 'array'; items: TypeNode }
  | { kind: 'tuple'; items: TypeNode[]; minItems: number; rest?: TypeNode }
  | { kind: 'object'; properties: Property[]; index?: TypeNode }
  | { kind: 'union'; members: TypeNode[] }
  | { kind: 'intersection'; members: TypeNode[] }
  | { kind: 'ref'; name: string }

export interface Property {
  name: string
  required: boolean
  type: TypeNode
  doc: Doc
}

/** A named, exported type (a `$ref` target, a tool's input or output). */
export interface NamedType {
  name: string
  type: TypeNode
  doc: Doc
}

export const UNKNOWN: TypeNode = { kind: 'keyword', name: 'unknown' }
export const NEVER: TypeNode = { kind: 'keyword', name: 'never' }

export type KeywordName = 'string' | 'number' | 'boolean' | 'null' | 'undefined' | 'unknown' | 'never'

export function keyword(name: KeywordName): TypeNode {
  return { kind: 'keyword', name }
}

/** A cheap identity for deduplicating union and intersection members; structured nodes are never merged. */
function memberKey(node: TypeNode): string | undefined {
  switch (node.kind) {
    case 'keyword':
      return `k:${node.name}`
    case 'ref':
      return `r:${node.name}`
    case 'literal':
      return `l:${JSON.stringify(node.value)}`
    default:
      return undefined
  }
}

function isKeyword(node: TypeNode, name: string): boolean {
  return node.kind === 'keyword' && node.name === name
}

/** A union, flattened and deduplicated; `unknown` absorbs everything, `never` disappears. */
export function union(members: TypeNode[]): TypeNode {
  const flat: TypeNode[] = []
  const seen = new Set<string>()
  for (const member of members) {
    for (const m of member.kind === 'union' ? member.members : [member]) {
      if (isKeyword(m, 'unknown')) return UNKNOWN
      if (isKeyword(m, 'never')) continue
      const key = memberKey(m)
      if (key !== undefined) {
        if (seen.has(key)) continue
        seen.add(key)
      }
      flat.push(m)
    }
  }
  if (flat.length === 0) return NEVER
  return flat.length === 1 ? flat[0]! : { kind: 'union', members: flat }
}

/** An intersection, flattened and deduplicated; `unknown` disappears, `never` absorbs everything. */
export function intersection(members: TypeNode[]): TypeNode {
  const flat: TypeNode[] = []
  const seen = new Set<string>()
  for (const member of members) {
    for (const m of member.kind === 'intersection' ? member.members : [member]) {
      if (isKeyword(m, 'never')) return NEVER
      if (isKeyword(m, 'unknown')) continue
      const key = memberKey(m)
      if (key !== undefined) {
        if (seen.has(key)) continue
        seen.add(key)
      }
      flat.push(m)
    }
  }
  if (flat.length === 0) return UNKNOWN
  return flat.length === 1 ? flat[0]! : { kind: 'intersection', members: flat }
}

/** Every named type a node mentions, in first-seen order. */
export function referencedNames(node: TypeNode, into: Set<string> = new Set()): Set<string> {
  switch (node.kind) {
    case 'ref':
      into.add(node.name)
      break
    case 'array':
      referencedNames(node.items, into)
      break
    case 'tuple':
      for (const item of node.items) referencedNames(item, into)
      if (node.rest) referencedNames(node.rest, into)
      break
    case 'object':
      for (const p of node.properties) referencedNames(p.type, into)
      if (node.index) referencedNames(node.index, into)
      break
    case 'union':
    case 'intersection':
      for (const m of node.members) referencedNames(m, into)
      break
  }
  return into
}
