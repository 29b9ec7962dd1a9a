/**
 * Validates values against a definition of the official MCP schema of a revision, using the in-repo copies
 * in packages/core/spec/<revision>.schema.json (descriptions stripped). For tests: check that every message
 * the engine emits is what the spec allows, e.g. `validateAgainstSpec('2025-06-18', 'JSONRPCResponse', msg)`.
 */
import { readFileSync } from 'node:fs'
import { type OutputUnit, type Schema, type SchemaDraft, Validator } from '@cfworker/json-schema'

const SPEC_DIR = new URL('../../spec/', import.meta.url)

interface SpecDocument {
  draft: SchemaDraft
  /** `$defs` (2020-12, revisions from 2025-11-25) or `definitions` (draft-07, earlier revisions). */
  defsKey: '$defs' | 'definitions'
  defNames: ReadonlySet<string>
  text: string
}

const documents = new Map<string, SpecDocument>()
const validators = new Map<string, Validator>()

function loadDocument(revision: string): SpecDocument {
  const cached = documents.get(revision)
  if (cached) return cached
  if (!/^\d{4}-\d{2}-\d{2}$/.test(revision)) throw new Error(`not a revision: ${revision}`)
  const text = readFileSync(new URL(`${revision}.schema.json`, SPEC_DIR), 'utf8')
  const doc = JSON.parse(text) as { $schema?: string; $defs?: object; definitions?: object }
  const defsKey = doc.$defs ? '$defs' : 'definitions'
  const draft: SchemaDraft = doc.$schema?.includes('2020-12') ? '2020-12' : '7'
  const loaded = { draft, defsKey, defNames: new Set(Object.keys(doc[defsKey] ?? {})), text } as const
  documents.set(revision, loaded)
  return loaded
}

/** The names of all definitions of a revision's schema. */
export function specDefinitionNames(revision: string): string[] {
  return [...loadDocument(revision).defNames]
}

function validatorFor(revision: string, defName: string): Validator {
  const key = `${revision}#${defName}`
  const cached = validators.get(key)
  if (cached) return cached
  const doc = loadDocument(revision)
  if (!doc.defNames.has(defName)) throw new Error(`schema ${revision} has no definition ${defName}`)
  // The whole document with a root $ref, so that internal references resolve. Parsed afresh for each
  // validator because the library annotates the schema objects it is given.
  const schema = { ...(JSON.parse(doc.text) as Schema), $ref: `#/${doc.defsKey}/${defName}` }
  const validator = new Validator(schema, doc.draft, false)
  validators.set(key, validator)
  return validator
}

const describeError = (unit: OutputUnit): string =>
  `${unit.instanceLocation || '#'}: ${unit.error} (${unit.keywordLocation})`

export function validateAgainstSpec(
  revision: string,
  defName: string,
  value: unknown,
): { valid: boolean; errors: string[] } {
  const result = validatorFor(revision, defName).validate(value)
  return { valid: result.valid, errors: result.valid ? [] : result.errors.map(describeError) }
}
