import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { printStructure, StructureKind } from 'ts-morph'
import type { GeneratedFile } from './emit/files.js'

/**
 * Prints generated files: each is one SourceFile structure holding all its statements (bulk insertion), printed
 * by ts-morph's structure printers straight to text. No Project is needed: a Project would parse the printed
 * text into a syntax tree we never use, which costs more than the printing itself.
 */
export function renderFiles(files: GeneratedFile[]): Array<{ path: string; text: string }> {
  return files.map((file) => {
    const printed = printStructure(
      { kind: StructureKind.SourceFile, statements: file.statements },
      { indentNumberOfSpaces: 2, newLine: '\n', useSingleQuote: true },
    )
    const text = printed.replace(/[ \t]+$/gm, '')
    return { path: file.path, text: text.endsWith('\n') ? text : `${text}\n` }
  })
}

/** The current text of a file, or undefined when it does not exist. */
export async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** Writes through a temporary file in the same directory and a rename, so readers never see half a file. */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const temp = join(dirname(path), `.${randomBytes(6).toString('hex')}.edgemcp-codegen.tmp`)
  try {
    await writeFile(temp, text, 'utf8')
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

/** Every file under `dir` (relative paths, `/`-separated); empty when `dir` does not exist. */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true })
    return entries
      .filter((e) => e.isFile())
      .map((e) =>
        join(e.parentPath, e.name)
          .slice(dir.length + 1)
          .replace(/\\/g, '/'),
      )
      .sort()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

export async function removeFile(path: string): Promise<void> {
  await rm(path, { force: true })
}
