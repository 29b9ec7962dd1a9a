import { describe, expect, it } from 'vitest'
import { parseExpression, UriMatcher } from './uri-match.js'

describe('UriMatcher', () => {
  it('matches without the expanding half', () => {
    const m = new UriMatcher('repo://{owner}/{repo}{/path*}{?ref}')
    expect(m.match('repo://ann/x/src/a.ts?ref=main')).toEqual({
      owner: 'ann',
      repo: 'x',
      path: ['src', 'a.ts'],
      ref: 'main',
    })
    expect(m.match('other://ann/x')).toBeUndefined()
    expect('expand' in m).toBe(false)
  })

  it('treats an empty expression as a simple one with no variables', () => {
    const m = new UriMatcher('a/{}')
    expect(m.variableNames).toEqual([])
    expect(m.match('a/anything')).toEqual({})
  })

  it('keeps an undecodable escape as it is', () => {
    expect(new UriMatcher('note://{id}').match('note://%E0%A4%A')).toEqual({ id: '%E0%A4%A' })
  })
})

describe('parseExpression', () => {
  it('reads the operator, the names, and the explode and prefix modifiers', () => {
    expect(parseExpression('/path*')).toEqual({ op: '/', vars: [{ name: 'path', explode: true }] })
    expect(parseExpression('x:3,y')).toEqual({
      op: '',
      vars: [
        { name: 'x', explode: false },
        { name: 'y', explode: false },
      ],
    })
  })
})
