import { describe, expect, it } from 'vitest'
import { parseCliArgs, UsageError } from './cli-args.js'

describe('parseCliArgs', () => {
  it('reads a file input with defaults', () => {
    const options = parseCliArgs(['tools.json'])
    expect(options.source).toEqual({ kind: 'file', path: 'tools.json' })
    expect(options.out).toEqual({ kind: 'file', path: 'client.ts' })
    expect(options).toMatchObject({
      check: false,
      validate: false,
      prompts: false,
      resources: false,
      quiet: false,
    })
  })

  it('reads --token as an Authorization header, and the --auth options', () => {
    // A placeholder the user writes literally; the header expands it from the environment later.
    const placeholder = ['$', '{TOKEN}'].join('')
    expect(parseCliArgs(['https://example.com/mcp', '--token', placeholder]).headers).toEqual([
      `Authorization: Bearer ${placeholder}`,
    ])
    expect(
      parseCliArgs([
        'https://example.com/mcp',
        '--auth',
        '--auth-port',
        '8976',
        '--auth-store',
        'tokens.json',
      ]),
    ).toMatchObject({ auth: true, authPort: 8976, authStore: 'tokens.json', headers: [] })
    expect(parseCliArgs(['https://example.com/mcp']).auth).toBe(false)
  })

  it('reads a URL input with headers, filters, extras and renames', () => {
    const options = parseCliArgs([
      'https://example.com/mcp',
      '-H',
      'Authorization: Bearer x',
      '--include',
      'a*',
      '--include',
      'b*',
      '--exclude',
      '*_delete',
      '--with',
      'prompts,resources',
      '--rename',
      'get-me=whoAmI',
      '--split',
      'src/mcp',
      '--timeout',
      '5000',
      '--check',
      '--validate',
      '-q',
    ])
    expect(options).toMatchObject({
      source: { kind: 'url', url: 'https://example.com/mcp' },
      headers: ['Authorization: Bearer x'],
      include: ['a*', 'b*'],
      exclude: ['*_delete'],
      prompts: true,
      resources: true,
      out: { kind: 'split', dir: 'src/mcp' },
      timeoutMs: 5000,
      check: true,
      validate: true,
      quiet: true,
    })
    expect(options.rename).toEqual(new Map([['get-me', 'whoAmI']]))
  })

  it('reads --stdio', () => {
    expect(parseCliArgs(['--stdio', 'node server.js']).source).toEqual({
      kind: 'stdio',
      command: 'node server.js',
    })
  })

  it.each([
    [[], /no input/],
    [['a.json', 'b.json'], /expected one input/],
    [['a.json', '--stdio', 'x'], /either --stdio or an input/],
    [['a.json', '-H', 'X: y'], /-H and --token only apply to URL inputs/],
    [['a.json', '--auth'], /--auth only applies to URL inputs/],
    [['http://x.test/mcp', '--auth', '--token', 't'], /either --auth or credentials/],
    [
      ['http://x.test/mcp', '--token', 't', '-H', 'Authorization: Basic x'],
      /either --token or an Authorization header/,
    ],
    [['http://x.test/mcp', '--auth', '--auth-port', '70000'], /--auth-port must be a port number/],
    [['a.json', '-o', 'x.ts', '--split', 'd'], /either -o or --split/],
    [['a.json', '--with', 'everything'], /--with takes/],
    [['a.json', '--rename', 'noequals'], /old=new/],
    [['a.json', '--rename', 'a=1x'], /not a usable function name/],
    [['a.json', '--rename', 'a=x', '--rename', 'b=x'], /two tools the name x/],
    [['a.json', '--timeout', 'soon'], /--timeout/],
    [['https://'], /not a valid URL/],
    [['--nope'], /Unknown option/],
  ])('rejects %j', (argv, want) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError)
    expect(() => parseCliArgs(argv)).toThrow(want)
  })

  it('answers --help and --version without an input', () => {
    expect(parseCliArgs(['--help']).help).toBe(true)
    expect(parseCliArgs(['--version']).version).toBe(true)
  })
})
