import { describe, expect, it } from 'vitest'
import {
  assignIdentifiers,
  camelIdentifier,
  isIdentifierName,
  kebabFileName,
  NameAllocator,
  pascalIdentifier,
  typeBaseOf,
} from './identifiers.js'

describe('camelIdentifier', () => {
  it.each([
    ['get_issue', 'getIssue'],
    ['get-issue', 'getIssue'],
    ['get.issue', 'getIssue'],
    ['get issue', 'getIssue'],
    ['get/issue', 'getIssue'],
    ['GetIssue', 'getIssue'],
    ['listPRs', 'listPRs'],
    ['HTTP_GET', 'httpGET'],
    ['2fa-verify', '_2faVerify'],
    ['delete', 'delete_'],
    ['class', 'class_'],
    ['await', 'await_'],
    ['über-tool', 'überTool'],
    ['日本語', '日本語'],
    ['🚀', 'tool'],
    ['--x--', 'x'],
    ['$ref', '$ref'],
  ])('%s → %s', (given, want) => {
    expect(camelIdentifier(given)).toBe(want)
    expect(isIdentifierName(want)).toBe(true)
  })
})

describe('pascalIdentifier / typeBaseOf / kebabFileName', () => {
  it.each([
    ['tree_node', 'TreeNode'],
    ['a/b~c', 'ABC'],
    ['2d', '_2d'],
    ['', 'Type'],
  ])('pascal %s → %s', (given, want) => expect(pascalIdentifier(given)).toBe(want))
  it.each([
    ['getIssue', 'GetIssue'],
    ['delete_', 'Delete'],
    ['aB_2', 'AB_2'],
    ['_2fa', '_2fa'],
  ])('type base %s → %s', (given, want) => expect(typeBaseOf(given)).toBe(want))
  it.each([
    ['getIssue', 'get-issue'],
    ['aB_2', 'a-b-2'],
    ['HTTPGet', 'httpget'],
    ['überTool', 'über-tool'],
    ['_2fa', '2fa'],
  ])('file %s → %s', (given, want) => expect(kebabFileName(given)).toBe(want))
})

describe('assignIdentifiers', () => {
  it('keeps a-b, a.b, a_b and aB distinct, independent of input order', () => {
    const names = ['a_b', 'aB', 'a.b', 'a-b']
    const want = new Map([
      ['a_b', 'aB_4'],
      ['aB', 'aB'],
      ['a.b', 'aB_3'],
      ['a-b', 'aB_2'],
    ])
    expect(assignIdentifiers(names, camelIdentifier)).toEqual(want)
    expect(new Map([...assignIdentifiers([...names].reverse(), camelIdentifier)].sort())).toEqual(
      new Map([...want].sort()),
    )
  })

  it('never hands out a taken name, and suffixes do not chain', () => {
    const got = assignIdentifiers(['create-client', 'createClient_2', 'x'], camelIdentifier, {
      taken: ['createClient'],
    })
    // `_` splits words, so no raw name can produce the `name_n` form of a suffix.
    expect(got.get('create-client')).toBe('createClient_2')
    expect(got.get('createClient_2')).toBe('createClient2')
  })

  it('lets fixed names (--rename) win', () => {
    const got = assignIdentifiers(['get-me', 'who-am-i'], camelIdentifier, {
      fixed: new Map([['get-me', 'whoAmI']]),
    })
    expect(got).toEqual(
      new Map([
        ['get-me', 'whoAmI'],
        ['who-am-i', 'whoAmI_2'],
      ]),
    )
  })
})

describe('NameAllocator', () => {
  it('numbers repeated names and skips taken ones', () => {
    const names = new NameAllocator(['Node2'])
    expect([names.allocate('Node'), names.allocate('Node'), names.allocate('Node')]).toEqual([
      'Node',
      'Node3',
      'Node4',
    ])
  })
})
