import { describe, expect, it } from 'vitest'
import { parseWwwAuthenticate, scopeList } from './challenge.js'

describe('parseWwwAuthenticate', () => {
  const table: Array<[string, ReturnType<typeof parseWwwAuthenticate>]> = [
    ['Bearer', [{ scheme: 'bearer', params: {} }]],
    [
      'Bearer resource_metadata="https://a.test/.well-known/oauth-protected-resource/mcp", scope="files:read"',
      [
        {
          scheme: 'bearer',
          params: {
            resource_metadata: 'https://a.test/.well-known/oauth-protected-resource/mcp',
            scope: 'files:read',
          },
        },
      ],
    ],
    [
      'Bearer error="insufficient_scope", scope="a b", error_description="needs \\"a\\", b"',
      [
        {
          scheme: 'bearer',
          params: { error: 'insufficient_scope', scope: 'a b', error_description: 'needs "a", b' },
        },
      ],
    ],
    [
      'DPoP error="use_dpop_nonce", algs="ES256", Bearer realm=mcp',
      [
        { scheme: 'dpop', params: { error: 'use_dpop_nonce', algs: 'ES256' } },
        { scheme: 'bearer', params: { realm: 'mcp' } },
      ],
    ],
    [
      'Basic dXNlcjpwYXNz==, Bearer scope=x',
      [
        { scheme: 'basic', params: {} },
        { scheme: 'bearer', params: { scope: 'x' } },
      ],
    ],
    ['BEARER Scope = "A"', [{ scheme: 'bearer', params: { scope: 'A' } }]],
  ]
  for (const [header, want] of table)
    it(header, () => {
      expect(parseWwwAuthenticate(header)).toEqual(want)
    })

  it('never throws on garbage and reads what it can', () => {
    expect(parseWwwAuthenticate(null)).toEqual([])
    expect(parseWwwAuthenticate('')).toEqual([])
    expect(parseWwwAuthenticate('Bearer scope="unterminated')).toEqual([
      { scheme: 'bearer', params: { scope: 'unterminated' } },
    ])
    for (const junk of ['=,=,"', '"""', ',,,', 'Bearer ===', '\u0000Bearer\u0000', 'a'.repeat(10_000)])
      expect(() => parseWwwAuthenticate(junk)).not.toThrow()
  })

  it('scopeList splits on any whitespace', () => {
    expect(scopeList(' a  b\tc ')).toEqual(['a', 'b', 'c'])
    expect(scopeList(undefined)).toEqual([])
  })
})
