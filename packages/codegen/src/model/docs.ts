import { isObject } from './refs.js'
import type { Doc } from './type-node.js'

/** JSDoc content of a schema: description, title, format, default, examples, deprecated. */
export function docOf(schema: unknown): Doc {
  if (!isObject(schema)) return {}
  const doc: Doc = {}
  if (typeof schema.title === 'string' && schema.title.trim() !== '') doc.title = schema.title.trim()
  if (typeof schema.description === 'string' && schema.description.trim() !== '') {
    doc.description = schema.description.trim()
  }
  if (typeof schema.format === 'string' && schema.format !== '') doc.format = schema.format
  if (schema.default !== undefined) doc.default = JSON.stringify(schema.default)
  if (Array.isArray(schema.examples) && schema.examples.length > 0) {
    doc.examples = schema.examples.map((example) => JSON.stringify(example) ?? 'undefined')
  }
  if (schema.deprecated === true) doc.deprecated = true
  return doc
}
