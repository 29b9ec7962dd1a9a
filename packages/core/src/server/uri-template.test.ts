import { describe, expect, it } from 'vitest'
import { UriTemplate } from './uri-template.js'

describe('UriTemplate.match', () => {
  const cases: Array<[string, string, Record<string, string | string[]> | undefined]> = [
    ['note://{id}', 'note://42', { id: '42' }],
    ['note://{id}', 'note://a%20b', { id: 'a b' }],
    ['note://{id}', 'note://a/b', undefined],
    ['file:///{+path}', 'file:///src/a/b.ts', { path: 'src/a/b.ts' }],
    ['test://template/{id}/data', 'test://template/123/data', { id: '123' }],
    ['users/{user}/repos/{repo}', 'users/ann/repos/x', { user: 'ann', repo: 'x' }],
    ['search{?q,lang}', 'search?q=mcp&lang=en', { q: 'mcp', lang: 'en' }],
    ['search{?q,lang}', 'search', {}],
    ['map{/segments*}', 'map/a/b/c', { segments: ['a', 'b', 'c'] }],
    ['doc{#section}', 'doc#intro', { section: 'intro' }],
    ['x://{a,b}', 'x://1,2', { a: '1', b: '2' }],
    ['file{.ext}', 'file.txt', { ext: 'txt' }],
  ]
  it.each(cases)('%s ~ %s', (template, uri, want) => {
    expect(new UriTemplate(template).match(uri)).toEqual(want)
  })

  it('lists its variable names', () => {
    expect(new UriTemplate('a://{x}/{+y}{?z}').variableNames).toEqual(['x', 'y', 'z'])
  })

  it('expands what it matches', () => {
    const t = new UriTemplate('note://{id}{?q}')
    expect(t.expand({ id: 'a b', q: 'x' })).toBe('note://a%20b?q=x')
    expect(t.match(t.expand({ id: 'a b', q: 'x' }))).toEqual({ id: 'a b', q: 'x' })
    expect(t.expand({})).toBe('note://')
  })

  const expansions: Array<[string, Record<string, string | string[]>, string]> = [
    ['file:///{+path}', { path: 'src/a b/ü.ts' }, 'file:///src/a%20b/%C3%BC.ts'],
    ['search{?q,lang}', { q: 'mcp&x', lang: ['en', 'fr'] }, 'search?q=mcp%26x&lang=en,fr'],
    ['doc{#section}', { section: 'i#n' }, 'doc#i#n'],
    ['x{.a,b}', { a: '1', b: '2' }, 'x.1.2'],
    ['p/{a}{;c}', { a: 'x', c: ['3', '4'] }, 'p/x;c=3,4'],
    ['q{?a}{&b,c}', { b: '2' }, 'q&b=2'],
  ]
  it.each(expansions)('expands %s', (template, variables, want) => {
    expect(new UriTemplate(template).expand(variables)).toBe(want)
  })
})
