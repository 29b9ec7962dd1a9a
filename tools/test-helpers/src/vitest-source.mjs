// Vitest aliases from every @edgemcp/* package entry to its TypeScript source (plain JS: vitest configs load
// it before any TypeScript is compiled). `./dist/x.js` in a package's exports map becomes `src/x.ts`.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/** @param {string} s */
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/**
 * `resolve.alias` entries for vitest: `@edgemcp/core`, `@edgemcp/core/internal`, … → their `src/*.ts`.
 * @returns {Array<{ find: RegExp, replacement: string }>}
 */
export function sourceAliases() {
  /** @type {Array<{ find: RegExp, replacement: string }>} */
  const aliases = []
  // Published packages, and the apps whose built modules tests import (conformance-server's fixtures).
  const dirs = ['packages', 'apps'].flatMap((group) =>
    fs.readdirSync(path.join(repo, group)).map((dir) => path.join(repo, group, dir)),
  )
  for (const dir of dirs) {
    const manifest = path.join(dir, 'package.json')
    if (!fs.existsSync(manifest)) continue
    const { name, exports = {} } = JSON.parse(fs.readFileSync(manifest, 'utf8'))
    if (typeof name !== 'string' || !name.startsWith('@edgemcp/')) continue
    for (const [subpath, target] of Object.entries(exports)) {
      const file = typeof target === 'string' ? target : target?.default
      if (typeof file !== 'string' || !file.startsWith('./dist/') || !file.endsWith('.js')) continue
      const source = path.join(dir, 'src', `${file.slice('./dist/'.length, -'.js'.length)}.ts`)
      if (!fs.existsSync(source)) continue
      const specifier = subpath === '.' ? name : `${name}/${subpath.slice(2)}`
      aliases.push({ find: new RegExp(`^${escapeRegExp(specifier)}$`), replacement: source })
    }
  }
  return aliases
}
