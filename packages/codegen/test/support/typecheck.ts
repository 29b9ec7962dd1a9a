import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const repoRoot = join(packageRoot, '..', '..')

/** The repo's strict compiler options (tsconfig.base.json), without emit. */
export function strictOptions(): ts.CompilerOptions {
  const file = join(repoRoot, 'tsconfig.base.json')
  const read = ts.readConfigFile(file, ts.sys.readFile)
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'))
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, repoRoot)
  return { ...parsed.options, noEmit: true, declaration: false, declarationMap: false, sourceMap: false }
}

/**
 * Type-checks files together in one program. `overrides` maps absolute paths to in-memory text (files that exist
 * only in memory or whose disk text should be replaced); everything else, @edgemcp/core included, is read from disk.
 */
export function typecheck(rootFiles: string[], overrides: ReadonlyMap<string, string> = new Map()): string[] {
  const options = strictOptions()
  const host = ts.createCompilerHost(options)
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = overrides.get(fileName)
    if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersion, true)
    return getSourceFile(fileName, languageVersion, onError, shouldCreate)
  }
  const fileExists = host.fileExists.bind(host)
  host.fileExists = (fileName) => overrides.has(fileName) || fileExists(fileName)
  const directoryExists = host.directoryExists?.bind(host)
  host.directoryExists = (dir) =>
    [...overrides.keys()].some((f) => f.startsWith(`${dir}/`)) || (directoryExists?.(dir) ?? true)
  const readFile = host.readFile.bind(host)
  host.readFile = (fileName) => overrides.get(fileName) ?? readFile(fileName)
  const program = ts.createProgram({ rootNames: rootFiles, options, host })
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n')
    if (!d.file || d.start === undefined) return message
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start)
    return `${d.file.fileName.slice(packageRoot.length + 1)}:${line + 1}:${character + 1} ${message}`
  })
}
