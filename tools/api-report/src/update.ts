// Writes the API report of every entry point (npm run api:update at the repository root).
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, relative } from 'node:path'
import { apiReport, entryPoints, ROOT, reportFile } from './report.js'

for (const [entry, text] of apiReport(entryPoints())) {
  const file = reportFile(entry)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
  console.log(`wrote ${relative(ROOT, file)}`)
}
