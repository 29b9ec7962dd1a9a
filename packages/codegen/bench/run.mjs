// npm run bench -w @edgemcp/codegen (after a build): generator throughput, the CLI end to end, and
// json-schema-to-typescript on the same schemas. Prints a markdown table; not a test.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compile } from 'json-schema-to-typescript'
import { generate } from '../dist/generate.js'
import { parseListing } from '../dist/model/input.js'
import { createTools } from './tools.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const cli = join(here, '..', 'dist', 'cli.js')

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

function timeGenerate(count, runs) {
  const listing = parseListing(createTools(count))
  generate(listing, { source: 'bench' }) // warm-up: ts-morph, JIT
  const times = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    generate(listing, { source: 'bench' })
    times.push(performance.now() - start)
  }
  return median(times)
}

async function timeJsonSchemaToTypescript(count) {
  const { tools } = createTools(count)
  const start = performance.now()
  for (const tool of tools) {
    await compile(tool.inputSchema, `${tool.name}_input`, { bannerComment: '', format: false })
    if (tool.outputSchema)
      await compile(tool.outputSchema, `${tool.name}_output`, { bannerComment: '', format: false })
  }
  return performance.now() - start
}

const dir = mkdtempSync(join(tmpdir(), 'edgemcp-codegen-bench-'))
try {
  const input = createTools(1000)
  const file = join(dir, 'tools.json')
  writeFileSync(file, JSON.stringify(input))
  const bytes = JSON.stringify(input.tools.map((t) => t.inputSchema)).length / input.tools.length

  const per100 = timeGenerate(100, 9)
  const all = timeGenerate(1000, 3)
  const cliStart = performance.now()
  execFileSync(process.execPath, [cli, file, '-o', join(dir, 'client.ts'), '-q'])
  const cliMs = performance.now() - cliStart
  const jstt = await timeJsonSchemaToTypescript(1000)

  const s = (ms) => `${(ms / 1000).toFixed(3)} s`
  console.log(
    `1000 tools, ~${Math.round(bytes)} bytes of inputSchema each, every second one with an outputSchema\n`,
  )
  console.log('| measure | time | budget |')
  console.log('| --- | --- | --- |')
  console.log(`| generate(), 100 tools, warm (median of 9) | ${s(per100)} | ≤ 0.100 s |`)
  console.log(
    `| generate(), 1000 tools, warm (median of 3) | ${s(all)} (${s(all / 10)} per 100) | ≤ 0.100 s per 100 |`,
  )
  console.log(`| edgemcp-codegen tools.json, 1000 tools, end to end | ${s(cliMs)} | ≤ 2.5 s |`)
  console.log(
    `| json-schema-to-typescript compile(), same 1000 tools (format: false) | ${s(jstt)} | (reference) |`,
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}
