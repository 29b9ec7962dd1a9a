// How much the typed tool registration costs the type checker: `tsc --extendedDiagnostics` over the sample
// Worker and over a generated server of 100 tools with literal JSON Schemas (nested objects, enums, arrays,
// nullable fields, an outputSchema each). Prints tsc's own figures (check time, instantiations, memory);
// instantiation counts do not depend on the machine's load, times do.
// Usage: node src/typecheck/tsc-cost.mjs [--core <dir of another build's index.d.ts>] [--worker <worker-server dir>]
// (`--core`/`--worker` measure another version, e.g. a checkout of the commit before, against the same inputs.)
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const repo = resolve(here, '../../../..')
const tsc = join(repo, 'node_modules/typescript/bin/tsc')
const { values: args } = parseArgs({ options: { core: { type: 'string' }, worker: { type: 'string' } } })
/** Points `@edgemcp/core` at another build, for every importer (the worker's other packages too). */
const corePaths = args.core ? { paths: { '@edgemcp/core': [join(resolve(args.core), 'index.d.ts')] } } : {}

/** One tool: the schemas differ per tool so the checker cannot reuse one instantiation for all. */
/** @param {number} i */
export function toolSource(i) {
  return `server.tool(
  'tool_${i}',
  {
    description: 'Tool ${i}',
    inputSchema: {
      type: 'object',
      properties: {
        query_${i}: { type: 'string', minLength: 1 },
        limit: { type: 'integer', minimum: 1, maximum: ${i + 10} },
        mode: { type: 'string', enum: ['fast_${i}', 'slow', 'exact'] },
        tags: { type: 'array', items: { type: 'string' } },
        filter: {
          type: 'object',
          properties: { from: { type: ['string', 'null'] }, to: { type: 'string' }, strict: { type: 'boolean' } },
          required: ['from'],
        },
      },
      required: ['query_${i}', 'mode'],
    },
    outputSchema: {
      type: 'object',
      properties: {
        hits: {
          type: 'array',
          items: { type: 'object', properties: { id: { type: 'integer' }, score_${i}: { type: 'number' } }, required: ['id'] },
        },
        total: { type: 'integer' },
      },
      required: ['hits', 'total'],
    },
  },
  ({ query_${i}, limit = 10, mode, tags = [], filter }) => {
    const total = query_${i}.length + limit + mode.length + tags.length + (filter?.from?.length ?? 0)
    return { content: [{ type: 'text', text: String(total) }], structuredContent: { hits: [{ id: ${i} }], total } }
  },
)
`
}

/** @param {string} project */
function extendedDiagnostics(project) {
  let out
  try {
    out = execFileSync(process.execPath, [tsc, '-p', project, '--noEmit', '--extendedDiagnostics'], {
      encoding: 'utf8',
    })
  } catch (error) {
    // Type errors (an older core cannot type the handlers) still check everything: keep the figures.
    out = String(/** @type {{ stdout?: unknown }} */ (error).stdout)
    const errors = out.split('\n').filter((line) => line.includes('error TS'))
    console.error(`${project}: tsc reported ${errors.length} errors, the first: ${errors[0]}`)
  }
  const pick = (/** @type {string} */ label) => out.match(new RegExp(`^${label}:\\s+(.+)$`, 'm'))?.[1]?.trim()
  return {
    check: pick('Check time'),
    total: pick('Total time'),
    instantiations: pick('Instantiations'),
    types: pick('Types'),
    memory: pick('Memory used'),
  }
}

function hundredTools() {
  // Inside the repo's node_modules resolution: a package-less folder under tools/bench.
  const project = join(here, '.generated')
  rmSync(project, { recursive: true, force: true })
  mkdirSync(project)
  const tools = Array.from({ length: 100 }, (_, i) => toolSource(i)).join('\n')
  writeFileSync(
    join(project, 'server.ts'),
    `import { McpServer } from '@edgemcp/core'\n\nexport const server = new McpServer({ name: 'hundred', version: '1.0.0' })\n\n${tools}`,
  )
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      extends: join(repo, 'tsconfig.base.json'),
      compilerOptions: { noEmit: true, types: [], ...corePaths },
      include: ['server.ts'],
    }),
  )
  try {
    return extendedDiagnostics(join(project, 'tsconfig.json'))
  } finally {
    rmSync(project, { recursive: true, force: true })
  }
}

function sampleWorker() {
  const dir = resolve(args.worker ?? join(repo, 'apps/worker-server'))
  if (!args.core) return extendedDiagnostics(join(dir, 'tsconfig.json'))
  const project = join(dir, 'tsconfig.tsc-cost.json')
  writeFileSync(project, JSON.stringify({ extends: './tsconfig.json', compilerOptions: corePaths }))
  try {
    return extendedDiagnostics(project)
  } finally {
    rmSync(project, { force: true })
  }
}

/** @type {Array<[string, ReturnType<typeof extendedDiagnostics>]>} */
const rows = [
  ['sample Worker (apps/worker-server)', sampleWorker()],
  ['generated server, 100 tools', hundredTools()],
]
console.log('| project | check time | total time | instantiations | types | memory |')
console.log('| --- | --- | --- | --- | --- | --- |')
for (const [name, d] of rows)
  console.log(`| ${name} | ${d.check} | ${d.total} | ${d.instantiations} | ${d.types} | ${d.memory} |`)
