import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Absolute path of a fixture script. */
export const fixture = (name: string): string =>
  fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url))

/** A temporary folder with a couple of files for the file server; `remove()` deletes it. */
export function makeFileRoot(): { root: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'edgemcp-files-'))
  writeFileSync(join(root, 'hello.txt'), 'Hello world')
  writeFileSync(join(root, 'notes.md'), '# Notes\n')
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) }
}

/** The command line that serves `root` over stdio with the file server built on our packages. */
export const fileServerCommand = (root: string): string =>
  `"${process.execPath}" "${fixture('file-server-stdio.mjs')}" "${root}"`
