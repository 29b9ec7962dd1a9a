/** Checks the committed packages/core/spec/<rev>.schema.json files (never the shared folder). */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { definitionsOf } from './generate-types.js'
import { REVISIONS, repoPaths, repoRoot } from './layout.js'
import { type Json, serializeSchema } from './strip-descriptions.js'

const read = (rev: string): { text: string; doc: Json } => {
  const text = readFileSync(join(repoRoot(), repoPaths.specSchema(rev as (typeof REVISIONS)[number])), 'utf8')
  return { text, doc: JSON.parse(text) as Json }
}

/**
 * JSON pointers of every object that has a `description` key but is not a `properties` map. In a schema
 * document that is exactly a `description` keyword (data keywords such as `const` never carry one here).
 */
function descriptionKeywords(node: Json, path = ''): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => descriptionKeywords(item, `${path}/${i}`))
  if (node === null || typeof node !== 'object') return []
  const found = 'description' in node && !path.endsWith('/properties') ? [`${path}/description`] : []
  for (const [key, value] of Object.entries(node)) found.push(...descriptionKeywords(value, `${path}/${key}`))
  return found
}

describe.each(REVISIONS)('spec/%s.schema.json', (rev) => {
  const { text, doc } = read(rev)

  it('has no description keyword in schema position', () => {
    expect(descriptionKeywords(doc)).toEqual([])
  })

  it("still declares Tool's description property", () => {
    const tool = definitionsOf(doc).Tool as { properties: Record<string, Json> }
    expect(tool.properties.description).toEqual({ type: 'string' })
  })

  it('is in canonical form (sorted keys, 2-space JSON, trailing newline)', () => {
    expect(text).toBe(serializeSchema(doc))
  })

  it('uses the JSON Schema draft of its revision', () => {
    const draft = (doc as { $schema: string }).$schema
    const modern = rev >= '2025-11-25'
    expect(draft).toBe(
      modern ? 'https://json-schema.org/draft/2020-12/schema' : 'http://json-schema.org/draft-07/schema#',
    )
    expect(Object.keys(definitionsOf(doc)).length).toBeGreaterThan(70)
  })
})

describe('the description-keyword check', () => {
  it('flags a keyword and accepts a property of that name', () => {
    const doc: Json = { $defs: { A: { description: 'x', properties: { description: { type: 'string' } } } } }
    expect(descriptionKeywords(doc)).toEqual(['/$defs/A/description'])
  })
})
