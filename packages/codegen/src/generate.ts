import { createHash } from 'node:crypto'
import { emitDecls } from './emit/emit-decls.js'
import { type Layout, layoutFiles } from './emit/files.js'
import { buildModel, type CodegenModel, type ModelOptions } from './model/build-model.js'
import type { Listing } from './model/input.js'
import { renderFiles } from './project.js'

export type GenerateOptions = Omit<ModelOptions, 'inputHash'> & { layout?: Layout }

export interface GenerateResult {
  files: Array<{ path: string; text: string }>
  model: CodegenModel
}

/** JSON with sorted keys, so the input hash does not depend on key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const obj = value as Record<string, unknown>
    const keys = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort()
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** The sha256 of what is generated from: the tools, prompts and templates (not the recorded source or server). */
export function hashListing({ source: _source, server: _server, ...listing }: Listing): string {
  return createHash('sha256').update(canonicalJson(listing)).digest('hex')
}

/** Listing → generated file texts. Deterministic: the same listing and options give the same bytes. */
export function generate(listing: Listing, options: GenerateOptions): GenerateResult {
  const model = buildModel(listing, { ...options, inputHash: hashListing(listing) })
  const layout = options.layout ?? { kind: 'single', fileName: 'client.ts' }
  return { files: renderFiles(layoutFiles(model, emitDecls(model), layout)), model }
}
