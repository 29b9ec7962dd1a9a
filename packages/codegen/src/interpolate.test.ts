// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the ${VAR} syntax under test
import { describe, expect, it } from 'vitest'
import { HeaderError, parseHeaders } from './interpolate.js'

describe('parseHeaders', () => {
  const env = { TOKEN: 's3cret', EMPTY: '' }
  it.each([
    { given: ['Authorization: Bearer ${TOKEN}'], want: { Authorization: 'Bearer s3cret' } },
    { given: ['X-A:  spaced  '], want: { 'X-A': 'spaced' } },
    { given: ['X-A: ${MISSING:-dflt}'], want: { 'X-A': 'dflt' } },
    { given: ['X-A: ${EMPTY:-dflt}'], want: { 'X-A': 'dflt' } },
    { given: ['X-A: a', 'X-A: b'], want: { 'X-A': 'b' } },
    { given: ['X-Url: http://x:1/$path'], want: { 'X-Url': 'http://x:1/$path' } },
  ])('$given', ({ given, want }) => {
    expect(parseHeaders(given, env)).toEqual(want)
  })

  it.each([['Authorization Bearer x'], ['X-A: ${MISSING}'], [': x']])('rejects %s', (header) => {
    expect(() => parseHeaders([header], env)).toThrow(HeaderError)
  })
})
