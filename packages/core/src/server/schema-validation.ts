import {
  type Schema,
  schemaArrayKeyword,
  schemaKeyword,
  schemaMapKeyword,
  Validator,
} from '@cfworker/json-schema'
import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec'
import { compileQuickAccept } from './quick-accept.js'

/** The validator's keyword tables (which keys hold subschemas), for the registration check (schema-check.ts). */
export { schemaArrayKeyword, schemaKeyword, schemaMapKeyword }

/** A JSON Schema object (2020-12 by default, as MCP 2026-07-28 basic/index "JSON Schema Usage" says). */
export type JsonSchema = Record<string, unknown>

/** What a tool accepts for its input or output schema: raw JSON Schema or any Standard Schema library. */
export type SchemaInput = JsonSchema | StandardSchemaV1

export interface SchemaIssue {
  /** Dotted path of the offending field, e.g. `items.0.name`; empty for the root. */
  path: string
  message: string
}

export type SchemaCheck = { ok: true; value: unknown } | { ok: false; issues: SchemaIssue[] }

export interface CompiledSchema {
  /** The JSON Schema advertised on the wire. */
  readonly jsonSchema: JsonSchema
  validate(value: unknown): SchemaCheck | Promise<SchemaCheck>
}

export const isStandardSchema = (s: unknown): s is StandardSchemaV1 =>
  typeof s === 'object' && s !== null && '~standard' in s

const EMPTY_OBJECT_SCHEMA: JsonSchema = { type: 'object' }

/**
 * Compiles a user schema once, at registration. Standard Schemas validate with their own library and
 * advertise the JSON Schema their `~standard.jsonSchema` converter produces; raw JSON Schemas validate with
 * @cfworker/json-schema (interpretive: no `new Function`, so it runs on Workers).
 */
export function compileSchema(
  schema: SchemaInput | undefined,
  direction: 'input' | 'output',
): CompiledSchema {
  if (isStandardSchema(schema)) return compileStandardSchema(schema, direction)
  return compileJsonSchema(schema ?? EMPTY_OBJECT_SCHEMA)
}

/** The draft a `$schema` URI names (draft-07, draft-04, 2019-09); 2020-12 by default. */
function draftOf(schema: JsonSchema): '2020-12' | '2019-09' | '7' | '4' {
  const m = /draft-0([47])|2019-09/.exec(typeof schema.$schema === 'string' ? schema.$schema : '')
  return m ? ((m[1] ?? m[0]) as '7' | '4' | '2019-09') : '2020-12'
}

function compileJsonSchema(schema: JsonSchema): CompiledSchema {
  const validator = new Validator(schema as Schema, draftOf(schema), false)
  const quick = compileQuickAccept(schema)
  return {
    jsonSchema: schema,
    validate(value) {
      if (quick?.(value)) return { ok: true, value }
      const result = validator.validate(value)
      if (result.valid) return { ok: true, value }
      // The deepest units name the field; keep those whose instance location is the longest per location.
      const issues = result.errors
        .filter(
          (e) =>
            !['properties', 'allOf', 'anyOf', '$ref', 'items'].includes(e.keyword) ||
            result.errors.length === 1,
        )
        .map((e) => ({ path: pointerToPath(e.instanceLocation), message: e.error }))
      return { ok: false, issues: issues.length > 0 ? issues : [{ path: '', message: 'invalid value' }] }
    },
  }
}

function compileStandardSchema(schema: StandardSchemaV1, direction: 'input' | 'output'): CompiledSchema {
  const converter = (schema as unknown as Partial<StandardJSONSchemaV1>)['~standard']?.jsonSchema
  let jsonSchema: JsonSchema = EMPTY_OBJECT_SCHEMA
  if (converter) {
    const { $schema: _ignored, ...rest } = converter[direction]({ target: 'draft-2020-12' })
    jsonSchema = rest
  }
  return {
    jsonSchema,
    async validate(value) {
      const result = await schema['~standard'].validate(value)
      if (!result.issues) return { ok: true, value: result.value }
      return {
        ok: false,
        issues: result.issues.map((i) => ({
          path: (i.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.'),
          message: i.message,
        })),
      }
    },
  }
}

function pointerToPath(pointer: string): string {
  return pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.')
}

/** One line naming every offending field, for error messages. */
export const describeIssues = (issues: SchemaIssue[]): string =>
  issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')
