// node dist/cli.js <out dir>: builds the API reference there (npm run docs:api writes docs/api/).
import { resolve } from 'node:path'
import { buildApiDocs } from './build.js'
import { brokenHtmlLinks, formatBroken } from './links.js'

const out = resolve(process.argv[2] ?? 'docs/api')
const { problems, packages } = await buildApiDocs(out)
const broken = brokenHtmlLinks(out)
for (const p of problems) console.error(p)
for (const b of broken) console.error(`broken link: ${formatBroken(b)}`)
console.log(`API reference of ${packages.length} packages in ${out}`)
process.exitCode = problems.length > 0 || broken.length > 0 ? 1 : 0
