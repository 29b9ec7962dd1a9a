import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { type GenerateOptions, generate } from '../../src/generate.js'
import { parseListing } from '../../src/model/input.js'
import { packageRoot } from './typecheck.js'

export const goldenDir = join(packageRoot, 'test', 'golden')

export interface CaseOptions {
  split?: boolean
  validate?: boolean
  with?: Array<'prompts' | 'resources'>
  include?: string[]
  exclude?: string[]
  rename?: Record<string, string>
  /** false: as with --no-connect. */
  connect?: boolean
}

export function goldenCases(): string[] {
  return readdirSync(goldenDir)
    .filter((name) => statSync(join(goldenDir, name)).isDirectory())
    .sort()
}

export function caseOptions(name: string): CaseOptions {
  const file = join(goldenDir, name, 'options.json')
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CaseOptions) : {}
}

/** Generates a case the way the CLI would for `edgemcp-codegen tools.json [options]`. */
export function generateCase(name: string) {
  const options = caseOptions(name)
  const listing = parseListing(JSON.parse(readFileSync(join(goldenDir, name, 'tools.json'), 'utf8')))
  const generateOptions: GenerateOptions = {
    source: 'tools.json',
    validate: options.validate ?? false,
    prompts: options.with?.includes('prompts') ?? false,
    resources: options.with?.includes('resources') ?? false,
    include: options.include ?? [],
    exclude: options.exclude ?? [],
    rename: new Map(Object.entries(options.rename ?? {})),
    connect: options.connect ?? true,
    layout: options.split ? { kind: 'split' } : { kind: 'single', fileName: 'client.ts' },
  }
  const result = generate(listing, generateOptions)
  // Split output lives in <case>/client/, a single file is <case>/client.ts.
  const files = result.files.map((f) => ({ ...f, path: options.split ? join('client', f.path) : f.path }))
  return { files, model: result.model }
}

/** Every expected output file of a case (relative to the case directory). */
export function expectedFiles(name: string): string[] {
  const dir = join(goldenDir, name)
  const out: string[] = []
  if (existsSync(join(dir, 'client.ts'))) out.push('client.ts')
  if (existsSync(join(dir, 'client'))) {
    for (const entry of readdirSync(join(dir, 'client'), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) out.push(join(entry.parentPath, entry.name).slice(dir.length + 1))
    }
  }
  return out.sort()
}
