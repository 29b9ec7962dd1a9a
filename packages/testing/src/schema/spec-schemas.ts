import { createRequire } from 'node:module'
import { type OutputUnit, type Schema, type SchemaDraft, Validator } from '@cfworker/json-schema'
import { isSupportedVersion, SUPPORTED_VERSIONS } from '@edgemcp/core'

/**
 * The structure-only copies of the official MCP schemas, as @edgemcp/core ships them
 * (`@edgemcp/core/spec/<revision>.schema.json`), resolved through the package's exports.
 */
const require = createRequire(import.meta.url)

interface SpecDocument {
  draft: SchemaDraft
  defsKey: '$defs' | 'definitions'
  defs: Record<string, unknown>
  text: string
}

const documents = new Map<string, SpecDocument>()
const validators = new Map<string, Validator>()

function load(revision: string): SpecDocument {
  const cached = documents.get(revision)
  if (cached) return cached
  if (!isSupportedVersion(revision))
    throw new Error(
      `No schema for protocol revision ${JSON.stringify(revision)} (known: ${SUPPORTED_VERSIONS.join(', ')})`,
    )
  const value = require(`@edgemcp/core/spec/${revision}.schema.json`) as Record<string, any>
  const defsKey = value.$defs ? '$defs' : 'definitions'
  const doc: SpecDocument = {
    draft: String(value.$schema ?? '').includes('2020-12') ? '2020-12' : '7',
    defsKey,
    defs: value[defsKey] ?? {},
    text: JSON.stringify(value),
  }
  documents.set(revision, doc)
  return doc
}

/** True when the revision's schema has this definition. */
export function hasDefinition(revision: string, name: string): boolean {
  return Object.hasOwn(load(revision).defs, name)
}

/**
 * Validates a value against a definition (or a JSON pointer below it, e.g. `JSONRPCError/properties/error`)
 * of a revision's schema. Returns readable problems, empty when valid.
 */
export function validateDefinition(revision: string, pointer: string, value: unknown): string[] {
  const key = `${revision}#${pointer}`
  let validator = validators.get(key)
  if (!validator) {
    const doc = load(revision)
    // The whole document with a root $ref so internal references resolve; parsed afresh because the
    // library annotates the schema objects it is given.
    const schema = { ...(JSON.parse(doc.text) as Schema), $ref: `#/${doc.defsKey}/${pointer}` }
    validator = new Validator(schema, doc.draft, false)
    validators.set(key, validator)
  }
  const result = validator.validate(value)
  return result.valid ? [] : summarize(result.errors)
}

/** The innermost errors say the most: drop the wrappers ($ref, anyOf, properties) when deeper ones exist. */
function summarize(errors: OutputUnit[]): string[] {
  const wrappers = new Set(['$ref', 'properties', 'allOf', 'anyOf', 'oneOf', 'items', 'additionalProperties'])
  const specific = errors.filter((e) => !wrappers.has(e.keyword))
  const chosen = specific.length > 0 ? specific : errors
  const lines = chosen.map((e) => `${e.instanceLocation || '#'}: ${e.error}`)
  return [...new Set(lines)].slice(0, 12)
}
