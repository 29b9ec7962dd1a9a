import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generate } from '../src/generate.js'
import type { Listing } from '../src/model/input.js'
import { packageRoot } from './support/typecheck.js'

// Red-team H1: text from a server or a snapshot reached `//` comments with only \r and \n removed. U+2028 and
// U+2029 also end a line comment, so what followed them ran when the generated module was imported.
const terminators = ['\u2028', '\u2029', '\n', '\r', '\r\n', '\u0085']
const payload = (mark: string): string =>
  `globalThis.__edgemcpInjected = (globalThis.__edgemcpInjected ?? '') + '${mark}';`

function hostileListing(terminator: string): Listing {
  const t = terminator
  return {
    source: `https://evil.example/mcp${t}${payload('source')}`,
    server: {
      capabilities: ['tools', `tools.x${t}${payload('capability')}//`],
      clientCapabilities: ['elicitation'],
      capabilityTools: [`gated${t}${payload('gated')}//`],
    },
    tools: [
      {
        name: 'echo',
        description: `Echoes.${t}*/ ${payload('doc')} /*${t}${payload('doc2')}`,
        inputSchema: {
          type: 'object',
          properties: { text: { type: 'string', description: `x${t}${payload('prop')}`, default: `d${t}` } },
        },
      },
    ],
  }
}

/** Every line of the text by ECMAScript's line terminators. */
const jsLines = (text: string): string[] => text.split(/\r\n|[\n\r\u2028\u2029]/)

let dir: string
beforeAll(() => {
  // Inside the package, so that the generated imports of @edgemcp/core and @edgemcp/sse resolve.
  mkdirSync(join(packageRoot, '.tmp'), { recursive: true })
  dir = mkdtempSync(join(packageRoot, '.tmp', 'injection-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Imports the module in a fresh Node process and reports what the payload left behind. */
function importInChild(file: string): Promise<string> {
  const script = `await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(String(globalThis.__edgemcpInjected ?? 'clean'))`
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', script],
      { cwd: dir },
      (error, stdout, stderr) => (error ? reject(new Error(`import failed: ${stderr}`)) : resolve(stdout)),
    )
  })
}

describe('codegen writes no text from the input that can become code (H1)', () => {
  it.each(terminators.map((t) => [JSON.stringify(t), t]))(
    'a %s in the source, capability keys, gated tool names and docs stays inside its comment',
    async (_label, terminator) => {
      const { files } = generate(hostileListing(terminator), { source: hostileListing(terminator).source! })
      const text = files[0]!.text
      expect(text).not.toMatch(/[\u2028\u2029\u0085]/)
      // The header: every line before the first import is a `//` comment line.
      const header = jsLines(text.slice(0, text.indexOf('\nimport ')))
      for (const line of header) expect(line, JSON.stringify(line)).toMatch(/^\/\/ /)
      expect(text).toContain('globalThis.__edgemcpInjected') // the text is kept, escaped, for the reader

      // The generated code parses as the emitter meant: no expression statement anywhere at the top.
      const source = ts.createSourceFile('client.ts', text, ts.ScriptTarget.ES2022, true)
      const stray = source.statements.filter((s) => ts.isExpressionStatement(s))
      expect(stray.map((s) => s.getText())).toEqual([])

      // And importing it runs nothing of the payload.
      const js = ts.transpileModule(text, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText
      const file = join(dir, `client-${terminator.codePointAt(0)}.mjs`)
      writeFileSync(file, js)
      expect(await importInChild(file)).toBe('clean')
    },
  )

  it('the import check can fail: a module with the payload after a U+2028 runs it', async () => {
    const file = join(dir, 'control.mjs')
    writeFileSync(file, `// header\u2028${payload('control')}\nexport {}\n`)
    expect(await importInChild(file)).toBe('control')
  })
})
