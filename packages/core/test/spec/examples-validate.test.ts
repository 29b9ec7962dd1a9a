/** Every upstream example (copied to test/fixtures/examples) validates against its definition. */
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { validateAgainstSpec } from '../helpers/spec-validator.js'

const REVISION = '2026-07-28'
const EXAMPLES = new URL('../fixtures/examples/', import.meta.url)

const examples = readdirSync(EXAMPLES)
  .sort()
  .flatMap((type) =>
    readdirSync(new URL(`${type}/`, EXAMPLES))
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => ({
        type,
        file,
        value: JSON.parse(readFileSync(new URL(`${type}/${file}`, EXAMPLES), 'utf8')) as unknown,
      })),
  )

describe(`examples of the ${REVISION} schema`, () => {
  it('are all present', () => {
    expect(examples.length).toBeGreaterThanOrEqual(100)
  })

  it.each(examples)('$type/$file', ({ type, value }) => {
    expect(validateAgainstSpec(REVISION, type, value)).toEqual({ valid: true, errors: [] })
  })
})

describe('corrupted examples', () => {
  const find = (type: string, file: string) => {
    const example = examples.find((e) => e.type === type && e.file === file)
    if (!example) throw new Error(`missing example ${type}/${file}`)
    return structuredClone(example.value) as Record<string, any>
  }

  it('fail when a required property is missing', () => {
    const request = find('CallToolRequest', 'call-tool-request.json')
    delete request.params.name
    const result = validateAgainstSpec(REVISION, 'CallToolRequest', request)
    expect(result.valid).toBe(false)
    expect(result.errors.join('\n')).toMatch(/name/)
  })

  it('fail when a constant is wrong', () => {
    const request = find('CallToolRequest', 'call-tool-request.json')
    request.method = 'tools/list'
    expect(validateAgainstSpec(REVISION, 'CallToolRequest', request).valid).toBe(false)
  })

  it('fail when a nested type is wrong', () => {
    const result = find('CallToolResult', 'result-with-unstructured-text.json')
    result.content[0].text = 42
    expect(validateAgainstSpec(REVISION, 'CallToolResult', result).valid).toBe(false)
  })
})
