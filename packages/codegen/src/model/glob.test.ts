import { describe, expect, it } from 'vitest'
import { createNameFilter, globToRegExp } from './glob.js'

describe('globToRegExp', () => {
  it.each([
    ['get_*', 'get_issue', true],
    ['get_*', 'list_issues', false],
    ['*issue*', 'list_issues', true],
    ['a?c', 'abc', true],
    ['a?c', 'ac', false],
    ['[ab]x', 'bx', true],
    ['[!ab]x', 'bx', false],
    ['{get,list}_*', 'list_x', true],
    ['{get,list}_*', 'put_x', false],
    ['a.b', 'a.b', true],
    ['a.b', 'aXb', false],
    ['tree/*', 'tree/walk', true],
  ])('%s matches %s: %s', (glob, name, want) => {
    expect(globToRegExp(glob).test(name)).toBe(want)
  })
})

describe('createNameFilter', () => {
  it('keeps includes minus excludes', () => {
    const keep = createNameFilter(['issue_*', 'get_me'], ['*_delete'])
    expect(['issue_get', 'issue_delete', 'get_me', 'other'].filter(keep)).toEqual(['issue_get', 'get_me'])
  })
  it('keeps everything without filters', () => {
    expect(createNameFilter([], [])('x')).toBe(true)
  })
})
