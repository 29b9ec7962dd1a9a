import { describe, expect, it } from 'vitest'
import { convertSchema } from '../model/convert.js'
import { DefinitionRegistry } from '../model/definitions.js'
import { NameAllocator } from '../model/identifiers.js'
import { typeText } from './type-text.js'

/** Schema → type text, through the model, as the generator does it. */
function textOf(schema: unknown): string {
  const definitions = new DefinitionRegistry(new NameAllocator(), () => {})
  return typeText(convertSchema(schema, { doc: { id: 't', root: schema, rootName: 'Root' }, definitions }))
}

describe('schema → type text', () => {
  it.each([
    { given: { type: 'string' }, want: 'string' },
    { given: { type: 'integer' }, want: 'number' },
    { given: { type: ['string', 'null'] }, want: 'string | null' },
    { given: { type: 'string', nullable: true }, want: 'string | null' },
    { given: { const: 'x' }, want: "'x'" },
    { given: { enum: ['a', 1, null] }, want: "'a' | 1 | null" },
    { given: { type: 'string', enum: ['a', 'b'] }, want: "'a' | 'b'" },
    { given: {}, want: 'unknown' },
    { given: true, want: 'unknown' },
    { given: false, want: 'never' },
    { given: { type: 'array', items: { type: 'string' } }, want: 'string[]' },
    { given: { type: 'array' }, want: 'unknown[]' },
    { given: { type: 'array', items: { type: ['string', 'number'] } }, want: 'Array<string | number>' },
    { given: { prefixItems: [{ type: 'string' }], items: false, minItems: 1 }, want: '[string]' },
    {
      given: { prefixItems: [{ type: 'string' }, { type: 'number' }] },
      want: '[string?, number?, ...unknown[]]',
    },
    {
      given: { items: [{ type: 'string' }], additionalItems: { type: 'number' }, minItems: 1 },
      want: '[string, ...number[]]',
    },
    { given: { anyOf: [{ type: 'string' }, { type: 'number' }] }, want: 'string | number' },
    { given: { oneOf: [{ type: 'string' }, {}] }, want: 'unknown' },
    { given: { allOf: [{ type: 'string' }, {}] }, want: 'string' },
    { given: { type: 'object' }, want: '{\n  [key: string]: unknown;\n}' },
    { given: { type: 'object', properties: {} }, want: 'Record<string, never>' },
    { given: { additionalProperties: { type: 'number' } }, want: '{\n  [key: string]: number;\n}' },
    {
      given: { properties: { a: { type: 'string', default: 'x' } }, required: [] },
      want: '{\n  /** @default "x" */\n  a?: string;\n}',
    },
    {
      given: {
        properties: { 'a-b': { type: 'string' } },
        required: ['a-b'],
        additionalProperties: { type: 'number' },
      },
      want: "{\n  'a-b': string;\n  [key: string]: number | string;\n}",
    },
    { given: { type: 'string', 'x-unknown': 1, not: { const: '' } }, want: 'string' },
  ])('$want', ({ given, want }) => {
    expect(textOf(given)).toBe(want)
  })

  it('breaks long unions over lines', () => {
    const values = Array.from({ length: 30 }, (_, i) => `value${i}`)
    const text = textOf({ enum: values })
    expect(text.startsWith("\n| 'value0'\n| 'value1'\n")).toBe(true)
    expect(text.split('\n')).toHaveLength(31)
  })
})
