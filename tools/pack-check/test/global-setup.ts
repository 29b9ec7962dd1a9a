import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { type PackedPackage, packAll } from '../src/pack.js'
import { cacheRoot } from '../src/project.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Every published package, packed once for the run (`inject('packed')`). */
    packed: PackedPackage[]
  }
}

/**
 * `npm pack` of every published package, once per run: the tarball checks and both consumer variants (three
 * test files, run side by side) read the same tarballs instead of packing them each.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = join(cacheRoot, `pack-${process.pid}`)
  project.provide('packed', await packAll(dir))
  return () => rmSync(dir, { recursive: true, force: true })
}
