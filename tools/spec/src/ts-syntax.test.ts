import { describe, expect, it } from 'vitest'
import { identifierFragment, jsonLiteral, propertyKey, quote } from './ts-syntax.js'

describe('ts-syntax', () => {
  it('quotes strings with single quotes and escapes', () => {
    expect(quote(`it's "x"\n\\`)).toBe(`'it\\'s "x"\\n\\\\'`)
  })

  it('quotes only non-identifier keys', () => {
    expect(propertyKey('_meta')).toBe('_meta')
    expect(propertyKey('$schema')).toBe('$schema')
    expect(propertyKey('io.modelcontextprotocol/logLevel')).toBe("'io.modelcontextprotocol/logLevel'")
    expect(propertyKey('__proto__')).toBe("['__proto__']")
  })

  it('makes identifier fragments', () => {
    expect(identifierFragment('call-tool.v2')).toBe('call_tool_v2')
    expect(identifierFragment('2fa')).toBe('_2fa')
  })

  it('prints JSON as evaluable TS', () => {
    const value = { a: [1, 'two', null, true], 'b-c': {}, d: [], e: { f: -1.5 } }
    const printed = jsonLiteral(value)
    expect(printed).toBe(
      "{\n  a: [\n    1,\n    'two',\n    null,\n    true,\n  ],\n  'b-c': {},\n  d: [],\n  e: {\n    f: -1.5,\n  },\n}",
    )
    expect(new Function(`return ${printed}`)()).toEqual(value)
  })
})
