// After tsc: marks every import of an optional peer dependency's types in dist/**/*.d.ts `@ts-ignore`, so
// that a project without that peer installed type-checks with `skipLibCheck: false` (the types it would
// name become `any`; only the APIs that need the peer name them). Usage: node optional-peer-types.mjs <dist> <peer>…
// Issue 33: hono is an optional peer of @edgemcp/streamable-http and @edgemcp/sse.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const [dist, ...peers] = process.argv.slice(2)
if (!dist || peers.length === 0) throw new Error('usage: optional-peer-types.mjs <dist> <peer>…')
const escaped = peers.map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')
const importLine = new RegExp(`^(?:import|export) .* from '(?:${escaped})(?:/[^']*)?';$`)
const inline = new RegExp(`import\\("(?:${escaped})(?:/[^"]*)?"\\)`)
const MARK = '// @ts-ignore: an optional peer dependency (only the APIs that need it name its types)'
let marked = 0
for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
  if (!file.endsWith('.d.ts')) continue
  const path = join(dist, file)
  const lines = readFileSync(path, 'utf8').split('\n')
  const out = []
  lines.forEach((line, i) => {
    if (inline.test(line))
      throw new Error(`${path}:${i + 1}: an inline import() of an optional peer's types; import it by name`)
    if (importLine.test(line) && lines[i - 1] !== MARK) {
      out.push(MARK)
      marked++
    }
    out.push(line)
  })
  writeFileSync(path, out.join('\n'))
}
console.log(`optional-peer-types: ${marked} import(s) of ${peers.join(', ')} marked in ${dist}`)
