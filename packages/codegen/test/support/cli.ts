import { execFile } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'
import { packageRoot } from './typecheck.js'

const cli = join(packageRoot, 'dist', 'cli.js')

/** Runs the built CLI in `cwd`; the exit code and what it wrote to stderr. */
export function runCli(args: string[], cwd?: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' }, (error, _stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 2) : 0, stderr })
    })
  })
}

/**
 * Compiles a generated TypeScript file to an ES module beside it and imports it (its types are checked
 * separately with `typecheck`).
 */
export async function loadGenerated(dir: string, file: string): Promise<Record<string, any>> {
  const source = readFileSync(join(dir, file), 'utf8')
  const js = ts.transpileModule(source, {
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
    },
  }).outputText
  const out = join(dir, file.replace(/\.ts$/, '.mjs'))
  writeFileSync(out, js)
  return (await import(pathToFileURL(out).href)) as Record<string, any>
}
