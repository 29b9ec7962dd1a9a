import type { Property, TypeNode } from '../model/type-node.js'
import { docComment, jsonLiteralType, propertyKey } from './text.js'

const INDENT = '  '
/** Unions longer than this are written one member per line. */
const INLINE_UNION_WIDTH = 80

/** Indents every line after the first. */
function indentRest(text: string): string {
  return text.replace(/\n/g, `\n${INDENT}`)
}

/**
 * A TypeNode as TypeScript type text. Lines after the first are indented relative to column 0; the writer that
 * inserts the text adds the indentation of where it goes.
 */
export function typeText(node: TypeNode): string {
  return print(node, 'top')
}

/** top: may break a long union over lines; member: inside a union; operand: needs parentheses; inline: one line */
type Position = 'top' | 'member' | 'operand' | 'inline'

function print(node: TypeNode, position: Position): string {
  switch (node.kind) {
    case 'keyword':
      return node.name
    case 'literal':
      return jsonLiteralType(node.value)
    case 'ref':
      return node.name
    case 'array': {
      const items = print(node.items, 'operand')
      return /^[\p{L}\p{N}_$.]+(\[\])*$/u.test(items) ? `${items}[]` : `Array<${print(node.items, 'inline')}>`
    }
    case 'tuple':
      return printTuple(node.items, node.minItems, node.rest)
    case 'object':
      return printObject(node.properties, node.index)
    case 'union':
      return printUnion(node.members, position)
    case 'intersection': {
      const text = node.members.map((m) => print(m, 'operand')).join(' & ')
      return position === 'operand' ? `(${text})` : text
    }
  }
}

function printUnion(members: TypeNode[], position: Position): string {
  const parts = members.map((m) => print(m, 'member'))
  const inline = parts.join(' | ')
  if (position === 'operand') return `(${inline})`
  if (position === 'top' && (inline.length > INLINE_UNION_WIDTH || inline.includes('\n'))) {
    return parts.map((p) => `\n| ${indentRest(p)}`).join('')
  }
  return inline
}

function printTuple(items: TypeNode[], minItems: number, rest: TypeNode | undefined): string {
  const parts = items.map(
    (item, i) => `${print(item, i < minItems ? 'inline' : 'operand')}${i < minItems ? '' : '?'}`,
  )
  if (rest) parts.push(`...${print({ kind: 'array', items: rest }, 'top')}`)
  return `[${parts.join(', ')}]`
}

function printObject(properties: Property[], index: TypeNode | undefined): string {
  if (properties.length === 0 && !index) return 'Record<string, never>'
  const lines: string[] = []
  for (const p of properties) lines.push(docComment(p.doc) + propertySignature(p))
  if (index) lines.push(indexSignature(index))
  return `{\n${lines.map((l) => `${INDENT}${indentRest(l)};`).join('\n')}\n}`
}

/** `name?: type` with the type text laid out for its position. */
export function propertySignature(p: Property): string {
  const type = typeText(p.type)
  return `${propertyKey(p.name)}${p.required ? '' : '?'}:${type.startsWith('\n') ? indentRest(type) : ` ${type}`}`
}

export function indexSignature(index: TypeNode): string {
  const type = typeText(index)
  return `[key: string]:${type.startsWith('\n') ? indentRest(type) : ` ${type}`}`
}
