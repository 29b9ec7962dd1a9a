import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generate } from '../src/generate.js'
import type { Listing } from '../src/model/input.js'
import { loadGenerated, runCli } from './support/cli.js'
import { packageRoot, typecheck } from './support/typecheck.js'

// Red-team L1–L3 (issue #33): codegen refuses what would not compile or would run out of stack, with one line
// naming the tool and the field and exit code 2, and never writes a module that behaves unlike its types.

let dir: string
beforeAll(() => {
  // Inside the package, so that the generated imports of @edgemcp/core and @edgemcp/sse resolve.
  mkdirSync(join(packageRoot, '.tmp'), { recursive: true })
  dir = mkdtempSync(join(packageRoot, '.tmp', 'refusals-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const tool = (name: string, inputSchema: unknown) => ({ name, inputSchema })
const nested = (depth: number): unknown => {
  let schema: unknown = { type: 'string' }
  for (let i = 0; i < depth; i++) schema = { type: 'object', properties: { a: schema } }
  return schema
}

/** Runs the CLI on `listing` (written as JSON text, so 1e400 stays as the server sent it). */
async function cli(name: string, text: string, args: string[] = ['-o', `${name}.ts`]) {
  writeFileSync(join(dir, `${name}.json`), text)
  return runCli([`${name}.json`, ...args], dir)
}

describe('codegen refuses what would not compile (L2, L3)', () => {
  it.each([
    [
      '1e400 as a const (a literal type Infinity)',
      '{"tools":[{"name":"big","inputSchema":{"type":"object","properties":{"x":{"const":1e400}}}}]}',
      'tool "big": inputSchema.properties.x.const: Infinity is a number JSON cannot hold',
    ],
    [
      'Infinity, -Infinity and null in one enum (one member)',
      '{"tools":[{"name":"e","inputSchema":{"type":"object","properties":{"x":{"enum":[1e400,-1e400,null]}}}}]}',
      'tool "e": inputSchema.properties.x.enum.0: Infinity is a number JSON cannot hold',
    ],
    [
      'two prompt arguments of one name',
      '{"tools":[],"prompts":[{"name":"p","arguments":[{"name":"x"},{"name":"x"}]}]}',
      'prompt "p" argument name "x" appears twice',
    ],
    [
      'a schema 1000 levels deep',
      JSON.stringify({ tools: [tool('deep', nested(1000))] }),
      'tool "deep": inputSchema.properties.a.properties.a.',
    ],
    [
      '10,001 tools',
      JSON.stringify({ tools: Array.from({ length: 10_001 }, (_, i) => tool(`t${i}`, { type: 'object' })) }),
      'the listing has 10001 tools; codegen takes at most 10000',
    ],
  ])('%s: exit 2, one line, nothing written', async (_, text, message) => {
    const name = `case-${readdirSync(dir).length}`
    const { code, stderr } = await cli(name, text, ['-o', `${name}.ts`, '--with', 'prompts'])
    expect(code).toBe(2)
    expect(stderr.trimEnd().split('\n')).toHaveLength(1)
    expect(stderr).toContain(message)
    expect(stderr).not.toContain('Maximum call stack')
    expect(readdirSync(dir)).not.toContain(`${name}.ts`)
  })

  it('the same refusals from generate(), for a listing built in code', () => {
    const listing: Listing = {
      tools: [tool('big', { type: 'object', properties: { x: { const: Infinity } } })],
    }
    expect(() => generate(listing, { source: 'x' })).toThrow('tool "big": inputSchema.properties.x.const:')
    expect(() => generate({ tools: [tool('deep', nested(3000))] }, { source: 'x' })).toThrow(
      /^tool "deep": inputSchema(\.properties\.a)+.*nested deeper than 512 levels$/,
    )
  })

  it('a schema as deep as allowed, and 3000 mutually referencing definitions, generate code that compiles', () => {
    const defs: Record<string, unknown> = {}
    for (let i = 0; i < 3000; i++)
      defs[`D${i}`] = {
        type: 'object',
        properties: {
          next: { $ref: `#/$defs/D${(i + 1) % 3000}` },
          skip: { $ref: `#/$defs/D${(i * 7) % 3000}` },
        },
      }
    const chain: Record<string, unknown> = {}
    for (let i = 0; i < 3000; i++)
      chain[`C${i}`] = i === 2999 ? { type: 'string' } : { $ref: `#/$defs/C${i + 1}` }
    const listing: Listing = {
      tools: [
        tool('deep', nested(250)),
        tool('web', { type: 'object', properties: { r: { $ref: '#/$defs/D0' } }, $defs: defs }),
        tool('chain', { type: 'object', properties: { r: { $ref: '#/$defs/C0' } }, $defs: chain }),
      ],
    }
    const { files } = generate(listing, { source: 'x' })
    const file = join(dir, 'web.ts')
    expect(typecheck([file], new Map([[file, files[0]!.text]]))).toEqual([])
  }, 120_000)

  it('a definition named URL does not shadow the URL connect() takes', () => {
    const listing: Listing = {
      tools: [
        tool('open', {
          type: 'object',
          properties: { u: { $ref: '#/$defs/URL' } },
          $defs: { URL: { type: 'number' } },
        }),
      ],
    }
    const text = generate(listing, { source: 'x' }).files[0]!.text
    expect(text).not.toMatch(/^export type URL\b/m)
    const file = join(dir, 'url.ts')
    const usage = join(dir, 'url-usage.ts')
    const errors = typecheck(
      [file, usage],
      new Map([
        [file, text],
        [
          usage,
          "import { connect } from './url.js'\nexport const c = connect(new URL('http://localhost/mcp'))\n",
        ],
      ]),
    )
    expect(errors).toEqual([])
  })

  it('--split with a 5000-character tool name writes every file (no ENAMETOOLONG)', async () => {
    const long = 'a'.repeat(5000)
    const text = JSON.stringify({ tools: [tool(long, { type: 'object' }), tool('b', { type: 'object' })] })
    const { code, stderr } = await cli('long', text, ['--split', 'long-out', '-q'])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    const names = readdirSync(join(dir, 'long-out', 'tools'))
    expect(names).toEqual(expect.arrayContaining(['b.ts', `${'a'.repeat(60)}.ts`]))
  })
})

describe('a tool named then (L1)', () => {
  it('is generated as then_, so the module and the connected client are not thenables', async () => {
    const { files, model } = generate({ tools: [tool('then', { type: 'object' })] }, { source: 'x' })
    expect(model.tools[0]!.identifier).toBe('then_')
    writeFileSync(join(dir, 'thenable.ts'), files[0]!.text)
    const module = await loadGenerated(dir, 'thenable.ts')
    expect(module.then).toBeUndefined()
    expect(typeof module.then_).toBe('function')
    // `await import()` resolves to the module itself, not to what a `then` export would make of it.
    expect(await Promise.resolve(module)).toBe(module)
  })
})
