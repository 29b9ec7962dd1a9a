import { describe, expect, it } from 'vitest'
import { commentText, docComment, jsonLiteral, jsonLiteralType, propertyKey, stringLiteral } from './text.js'

describe('text helpers', () => {
  it.each([
    ['plain', "'plain'"],
    ["it's", "'it\\'s'"],
    ['say "hi"', `'say "hi"'`],
    ['back\\slash\nnew', "'back\\\\slash\\nnew'"],
  ])('stringLiteral(%j)', (given, want) => {
    expect(stringLiteral(given)).toBe(want)
    expect(new Function(`return ${want}`)()).toBe(given)
  })

  it.each([
    ['name', 'name'],
    ['$x', '$x'],
    ['a-b', "'a-b'"],
    ['0', "'0'"],
    ['', "''"],
  ])('propertyKey(%j) = %s', (given, want) => expect(propertyKey(given)).toBe(want))

  it('writes JSON as an expression that evaluates back to it, __proto__ included', () => {
    const value = JSON.parse('{"a":[1,"x",null,{"__proto__":{"type":"string"},"b-c":true}],"e":{}}')
    const evaluated = new Function(`return ${jsonLiteral(value)}`)()
    expect(evaluated).toEqual(value)
    expect(Object.keys(evaluated.a[3])).toEqual(['__proto__', 'b-c'])
  })

  it('writes JSON as a literal type', () => {
    expect(jsonLiteralType({ a: [1, 'two', true], 'b c': null })).toBe("{ a: [1, 'two', true]; 'b c': null }")
  })

  it('writes JSDoc that cannot end early', () => {
    expect(docComment({ description: 'a */ b' })).toBe('/** a *\\/ b */\n')
    expect(docComment({ title: 'T', description: 'D', default: '1', deprecated: true })).toBe(
      '/**\n * T\n *\n * D\n *\n * @default 1\n * @deprecated\n */\n',
    )
    expect(docComment({})).toBe('')
  })

  it('escapes every line terminator, control and bidi character in comment text and string literals', () => {
    const unsafe = [
      '\n',
      '\r',
      '\u2028',
      '\u2029',
      '\u0085',
      '\u0000',
      '\u001b',
      '\u007f',
      '\u202e',
      '\u2066',
      '\ufeff',
    ]
    for (const c of unsafe) {
      const escaped = `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
      expect(commentText(`a${c}b`)).toBe(`a${escaped}b`)
      expect([...stringLiteral(`a${c}b`)].filter((ch) => unsafe.includes(ch))).toEqual([])
      expect(new Function(`return ${stringLiteral(`a${c}b`)}`)()).toBe(`a${c}b`)
    }
    expect(commentText('tab\tand text é ✓')).toBe('tab\tand text é ✓')
    expect(docComment({ description: 'a\u2028b' })).toBe('/** a\\u2028b */\n')
  })
})
