/**
 * Type-checks the committed generated types and the examples module with the repo's strict compiler options
 * (the same check as `tsc -p packages/core/tsconfig.json`, limited to these files), plus a probe file of
 * wrong values that must be rejected, so the check is known to bite.
 */
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { repoPaths, repoRoot } from './layout.js'

const root = repoRoot()
const probePath = join(root, 'packages/core/test/fixtures/__typecheck-probe__.ts')
const probe = [
  "import type { Rev2024_11_05, Rev2026_07_28 } from '../../src/types/index.js'",
  "export const ok: Rev2026_07_28.Tool = { name: 'n', description: 'd', inputSchema: { type: 'object' } }",
  "export const okMeta: Rev2026_07_28.Result = { resultType: 'complete', _meta: { 'vendor/x': 1 } }",
  "export const badText: Rev2026_07_28.CallToolResult = { content: [{ type: 'text', text: 1 }], resultType: 'complete' }",
  "export const badMethod: Rev2026_07_28.DiscoverRequest = { jsonrpc: '2.0', id: 1, method: 'tools/list' }",
  "export const noId: Rev2024_11_05.JSONRPCRequest = { jsonrpc: '2.0', method: 'ping' }",
  "export const extra: Rev2026_07_28.Tool = { name: 'n', inputSchema: { type: 'object' }, bogus: 1 }",
].join('\n')

function compile(): readonly ts.Diagnostic[] {
  const base = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile)
  const { options, errors } = ts.convertCompilerOptionsFromJson(base.config.compilerOptions, root)
  expect(errors).toEqual([])
  const host = ts.createCompilerHost(options)
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (name, version, ...rest) =>
    name === probePath ? ts.createSourceFile(name, probe, version) : getSourceFile(name, version, ...rest)
  const fileExists = host.fileExists.bind(host)
  host.fileExists = (name) => name === probePath || fileExists(name)
  const rootNames = [join(root, repoPaths.examplesModule), probePath]
  const program = ts.createProgram({ rootNames, options: { ...options, noEmit: true }, host })
  return ts.getPreEmitDiagnostics(program)
}

describe('generated TypeScript', () => {
  const diagnostics = compile()
  const describeDiagnostic = (d: ts.Diagnostic): string => {
    const where = d.file
      ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : ''
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`
  }

  it('compiles the types of every revision and all examples cleanly', () => {
    const real = diagnostics.filter((d) => d.file?.fileName !== probePath)
    expect(real.map(describeDiagnostic)).toEqual([])
  })

  it('rejects wrong values and accepts right ones', () => {
    const lines = diagnostics
      .filter((d) => d.file?.fileName === probePath)
      .map((d) => (d.file as ts.SourceFile).getLineAndCharacterOfPosition(d.start ?? 0).line + 1)
    expect([...new Set(lines)].sort((a, b) => a - b)).toEqual([4, 5, 6, 7])
  })
})
