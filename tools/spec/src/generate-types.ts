/**
 * A small JSON Schema -> TypeScript generator covering the keywords used by the MCP schemas
 * ($ref, type, properties, required, additionalProperties, items, const, enum, anyOf, oneOf, allOf).
 * Every `$defs` / `definitions` entry becomes `export type <Name> = ...`.
 *
 * Objects are closed (no index signature) unless `additionalProperties` is explicitly `true` or a schema,
 * they declare no properties at all, or they are `_meta` objects (always open maps).
 */

import type { Json } from './strip-descriptions.js'
import { jsonLiteral, propertyKey } from './ts-syntax.js'

type Schema = { [key: string]: Json }

/** A printed type with its precedence: 0 = union, 1 = intersection, 2 = atom. */
interface Printed {
  text: string
  prec: 0 | 1 | 2
  /** For unions and intersections: the operands, so that nested ones of the same kind are flattened. */
  members?: Printed[]
}

export interface GenerateTypesOptions {
  /** Names the generator in the DO-NOT-EDIT header. */
  generator: string
  /** Names the input file in the header (repo-relative). */
  inputPath: string
}

const isSchema = (value: Json | undefined): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The definitions map of a schema document (2020-12 `$defs` or draft-07 `definitions`). */
export function definitionsOf(doc: Json): Record<string, Json> {
  if (!isSchema(doc)) throw new Error('schema document must be an object')
  const defs = doc.$defs ?? doc.definitions
  if (!isSchema(defs)) throw new Error('schema document has neither $defs nor definitions')
  return defs
}

/** Names of definitions that are used as `_meta` objects; they are rendered as open maps. */
function metaDefinitionNames(defs: Record<string, Json>): Set<string> {
  const names = new Set<string>()
  const visit = (node: Json): void => {
    if (Array.isArray(node)) node.forEach(visit)
    if (!isSchema(node)) return
    const meta = isSchema(node.properties) ? node.properties._meta : undefined
    if (isSchema(meta) && typeof meta.$ref === 'string') names.add(refName(meta.$ref))
    for (const value of Object.values(node)) visit(value)
  }
  for (const def of Object.values(defs)) visit(def)
  return names
}

function refName(ref: string): string {
  const match = /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(ref)
  if (!match?.[1]) throw new Error(`unsupported $ref ${ref}`)
  return decodeURIComponent(match[1]).replaceAll('~1', '/').replaceAll('~0', '~')
}

const MAX_LINE = 110

const atom = (text: string): Printed => ({ text, prec: 2 })
const wrap = (p: Printed, min: 0 | 1 | 2): string => (p.prec >= min ? p.text : `(${p.text})`)

function combine(parts: Printed[], op: '|' | '&'): Printed {
  const prec = op === '|' ? 0 : 1
  const unique: Printed[] = []
  const add = (part: Printed): void => {
    if (part.prec === prec && part.members) part.members.forEach(add)
    else if (!unique.some((u) => u.text === part.text)) unique.push(part)
  }
  parts.forEach(add)
  if (unique.length === 0) return atom(op === '|' ? 'never' : 'unknown')
  if (unique.length === 1) return unique[0] as Printed
  return { text: unique.map((p) => wrap(p, 2)).join(` ${op} `), prec, members: unique }
}

class TypePrinter {
  constructor(
    private readonly defs: Record<string, Json>,
    private readonly metaDefs: Set<string>,
  ) {}

  printDefinition(name: string): string {
    const def = this.defs[name]
    if (def === undefined) throw new Error(`unknown definition ${name}`)
    const printed = this.print(def, '', this.metaDefs.has(name))
    const line = `export type ${name} = ${printed.text}`
    const members = printed.members ?? []
    if (printed.prec !== 0 || line.length <= MAX_LINE || line.includes('\n')) return `${line}\n`
    // A long union reads better one member per line.
    return `export type ${name} =\n${members.map((m) => `  | ${wrap(m, 2)}`).join('\n')}\n`
  }

  print(schema: Json, indent: string, open = false): Printed {
    if (schema === true) return atom('unknown')
    if (schema === false) return atom('never')
    if (!isSchema(schema)) throw new Error(`not a schema: ${JSON.stringify(schema)}`)
    if (typeof schema.$ref === 'string') {
      const name = refName(schema.$ref)
      if (!(name in this.defs)) throw new Error(`dangling $ref ${schema.$ref}`)
      const { $ref: _ref, ...rest } = schema
      return Object.keys(rest).length === 0
        ? atom(name)
        : combine([atom(name), this.print(rest, indent)], '&')
    }
    if ('const' in schema) return atom(jsonLiteral(schema.const as Json, indent))
    if (Array.isArray(schema.enum))
      return combine(
        schema.enum.map((v) => atom(jsonLiteral(v, indent))),
        '|',
      )

    const parts: Printed[] = []
    const base = this.printBase(schema, indent, open)
    if (base) parts.push(base)
    if (Array.isArray(schema.allOf)) parts.push(...schema.allOf.map((s) => this.print(s, indent)))
    for (const key of ['anyOf', 'oneOf'] as const) {
      const options = schema[key]
      if (Array.isArray(options))
        parts.push(
          combine(
            options.map((s) => this.print(s, indent)),
            '|',
          ),
        )
    }
    return parts.length === 0 ? atom('unknown') : combine(parts, '&')
  }

  /** The part of a schema described by `type` and the object/array keywords; undefined if none apply. */
  private printBase(schema: Schema, indent: string, open: boolean): Printed | undefined {
    let types: string[]
    if (typeof schema.type === 'string') types = [schema.type]
    else if (Array.isArray(schema.type)) types = schema.type.filter((t) => typeof t === 'string')
    else if ('properties' in schema || 'additionalProperties' in schema || 'required' in schema)
      types = ['object']
    else if ('items' in schema || 'prefixItems' in schema) types = ['array']
    else return undefined
    return combine(
      types.map((type) => this.printType(type, schema, indent, open)),
      '|',
    )
  }

  private printType(type: string, schema: Schema, indent: string, open: boolean): Printed {
    switch (type) {
      case 'string':
      case 'boolean':
      case 'null':
      case 'number':
        return atom(type)
      case 'integer':
        return atom('number')
      case 'array': {
        const items = schema.items
        const item = items === undefined || Array.isArray(items) ? atom('unknown') : this.print(items, indent)
        return atom(`${wrap(item, 2)}[]`)
      }
      case 'object':
        return atom(this.printObject(schema, indent, open))
      default:
        throw new Error(`unsupported type ${type}`)
    }
  }

  private printObject(schema: Schema, indent: string, open: boolean): string {
    const inner = `${indent}  `
    const properties = isSchema(schema.properties) ? schema.properties : {}
    const required = new Set(Array.isArray(schema.required) ? schema.required : [])
    const names = Object.keys(properties)
    for (const name of required) if (typeof name === 'string' && !(name in properties)) names.push(name)

    const lines: string[] = []
    const memberTypes: Printed[] = []
    for (const name of names) {
      const sub = properties[name]
      const printed = sub === undefined ? atom('unknown') : this.print(sub, inner, name === '_meta')
      memberTypes.push(printed)
      lines.push(`${inner}${propertyKey(name)}${required.has(name) ? '' : '?'}: ${printed.text}`)
    }

    const extra = schema.additionalProperties
    let index: Printed | undefined
    if (extra === true || isSchema(extra)) index = this.print(extra, inner)
    else if (extra === undefined && (open || names.length === 0)) index = atom('unknown')
    if (index) {
      // An index signature must admit every declared property's type.
      if (index.text !== 'unknown' && memberTypes.length > 0) index = combine([index, ...memberTypes], '|')
      lines.push(`${inner}[k: string]: ${index.text}`)
    }
    if (lines.length === 0) return 'Record<string, never>'
    if (names.length === 0 && index && !index.text.includes('\n')) return `{ [k: string]: ${index.text} }`
    return `{\n${lines.join('\n')}\n${indent}}`
  }
}

/** Renders the full `<rev>.generated.ts` module for one (stripped) schema document. */
export function generateTypes(doc: Json, options: GenerateTypesOptions): string {
  const defs = definitionsOf(doc)
  const printer = new TypePrinter(defs, metaDefinitionNames(defs))
  const header = [`// DO NOT EDIT. Generated by ${options.generator}`, `// from ${options.inputPath}.`, '']
  const body = Object.keys(defs)
    .sort()
    .map((name) => printer.printDefinition(name))
  return `${header.join('\n')}\n${body.join('\n')}`
}
