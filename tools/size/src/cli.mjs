// `npm run size`: prints each entry's minified and gzipped size against its budget; exits 1 when over.
import { entries } from './budgets.mjs'
import { kib, measure } from './measure.mjs'

let failed = false
const rows = []
for (const entry of entries) {
  const m = await measure(entry)
  const over = m.gzipped > entry.budgetGzip
  const leaked = (entry.mustNotContain ?? []).filter((s) => m.code.includes(s))
  failed ||= over || leaked.length > 0
  rows.push(
    `| ${entry.name} | ${kib(m.minified)} | ${kib(m.gzipped)} | ${kib(entry.budgetGzip)} | ${over ? 'OVER' : 'ok'}${leaked.length ? ` (contains ${leaked.join(', ')})` : ''} |`,
  )
}
console.log('| entry | minified | gzipped | budget (gzip) | status |')
console.log('| --- | --- | --- | --- | --- |')
for (const r of rows) console.log(r)
process.exit(failed ? 1 : 0)
